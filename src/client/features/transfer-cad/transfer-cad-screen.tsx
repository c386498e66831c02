import { useFormik } from 'formik';
import { useId } from 'react';
import { object, string } from 'yup';
import * as M from '../../../shared/messages';
import { PRODUCT_NAME } from '../../../shared/product';
import type { CadWithdrawalReceipt } from '../../../shared/types';
import { isEmail } from '../../../shared/validation';
import { useErrorToast } from '../../api/use-error-toast';
import { useGetCadWalletQuery } from '../../api/wallet-api';
import { useAppDispatch } from '../../app/store';
import { deviceTimeZone } from '../../app/time-zone';
import { dialogClosed, dialogOpened } from '../../app/ui-slice';
import { BalanceCard, Button, Card, CardTitle, CopyField, FormError, PageHeader, Stack, TextField, formatMoney } from '../../ui';
import { amountSchema, type AmountValue } from '../money/amount';
import { formMessage } from '../money/form-message';
import { moneyDialogIds } from '../money/money-call';
import { PinModal } from '../money/pin-modal';
import { ReceiptModal, receiptDate } from '../money/receipt-modal';
import { useMoneySubmit } from '../money/use-money-submit';
import { useWalletNotLoadedToast } from '../money/use-wallet-not-loaded-toast';
import { useCadWithdrawalMutation } from './transfer-cad-api';

const dialogs = moneyDialogIds('transfer-cad');

/** The fixed Description of every CAD withdrawal (spec §7). */
const CAD_WITHDRAWAL_DESCRIPTION = `Interac e-Transfer from ${PRODUCT_NAME}`;

interface Values {
  name: string;
  email: string;
  amount: AmountValue;
}

const incomplete = M.transfers.cadFieldsRequired;
const schema = object({
  name: string().trim().required(incomplete),
  email: string().trim().required(incomplete).test('email', incomplete, (email = '') => isEmail(email.trim())),
  amount: amountSchema(incomplete),
});

const receiptRows = (receipt: CadWithdrawalReceipt) => [
  { label: 'Amount', value: formatMoney('CAD', receipt.amount) },
  { label: 'Recipient', value: receipt.recipient_name },
  { label: 'Transaction reference', value: receipt.transaction_reference },
  { label: 'Date', value: receiptDate(receipt.created_at) },
];

/** /transfer-cad: an Interac e-Transfer to an outside recipient, confirmed with the PIN (spec §2, §4, §5). */
export default function TransferCadScreen() {
  const dispatch = useAppDispatch();
  const titleId = useId();
  const walletQuery = useGetCadWalletQuery();
  const { data: wallet, error } = walletQuery;
  useErrorToast(error, M.transfers.walletFetchFailed);
  useWalletNotLoadedToast(walletQuery);
  const [withdraw, { data: result }] = useCadWithdrawalMutation();
  const submit = useMoneySubmit({ dialogs });

  const form = useFormik<Values>({
    initialValues: { name: '', email: '', amount: '' },
    validationSchema: schema,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: (_values, { setStatus }) => {
      setStatus(wallet ? undefined : M.transfers.walletDetailsUnavailable);
      if (wallet) dispatch(dialogOpened(dialogs.pin));
    },
  });

  const confirm = async (pin: string) => {
    // The PIN modal can only send what the form holds: an incomplete form is shown on the form, not sent.
    const errors = await form.validateForm();
    if (Object.keys(errors).length > 0 || !wallet) {
      if (!wallet) form.setStatus(M.transfers.walletDetailsUnavailable);
      dispatch(dialogClosed(dialogs.pin));
      return;
    }
    const { name, email, amount } = form.values;
    const body = {
      Amount: amount,
      CustomerEmail: email.trim(),
      CustomerName: name.trim(),
      Description: CAD_WITHDRAWAL_DESCRIPTION,
      SecurityQuestion: wallet.security_question,
      SecurityQuestionAnswer: wallet.security_answer,
      transaction_pin: pin,
      timezone: deviceTimeZone(),
    };
    if (await submit(body, withdraw, (data) => data.success === 'true')) form.resetForm();
  };

  const message = formMessage(form);

  return (
    <main>
      <PageHeader title="Send CAD" subtitle="Send money to any Canadian bank account by Interac e-Transfer" />
      <Stack gap="lg">
        <BalanceCard currency="CAD" balance={wallet?.balance} title="Current Balance" />
        <Card as="form" aria-labelledby={titleId} onSubmit={form.handleSubmit} noValidate>
          <CardTitle id={titleId}>Send via Interac</CardTitle>
          <TextField label="Recipient name" autoComplete="off" {...form.getFieldProps('name')} />
          <TextField label="Recipient email" type="email" autoComplete="off" {...form.getFieldProps('email')} />
          <TextField label="Amount (CAD)" type="number" inputMode="decimal" min={0} step={0.01} {...form.getFieldProps('amount')} />
          {wallet && (
            <>
              <CopyField label="Reference question" value={wallet.security_question} />
              <CopyField label="Security answer" value={wallet.security_answer} />
            </>
          )}
          {message && <FormError>{message}</FormError>}
          <Button type="submit" fullWidth>Send</Button>
        </Card>
      </Stack>
      <PinModal id={dialogs.pin} onConfirm={confirm} />
      <ReceiptModal id={dialogs.receipt} title="Transaction Receipt" rows={result?.data ? receiptRows(result.data) : null} />
    </main>
  );
}
