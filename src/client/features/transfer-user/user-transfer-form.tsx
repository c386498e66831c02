import { useFormik } from 'formik';
import { toast } from 'react-toastify';
import styled from 'styled-components';
import { object, string } from 'yup';
import * as M from '../../../shared/messages';
import type { CadTransferReceipt, Currency, NgnTransferReceipt } from '../../../shared/types';
import { isEmail } from '../../../shared/validation';
import { useErrorToast } from '../../api/use-error-toast';
import { useGetCadWalletQuery, useGetNairaWalletQuery } from '../../api/wallet-api';
import { useAppDispatch } from '../../app/store';
import { deviceTimeZone } from '../../app/time-zone';
import { dialogClosed, dialogOpened } from '../../app/ui-slice';
import { BalanceCard, Button, FormError, Stack, TextField, formatMoney } from '../../ui';
import { amountAbove, amountSchema, type AmountValue } from '../money/amount';
import { formMessage } from '../money/form-message';
import { moneyDialogIds } from '../money/money-call';
import { PinModal } from '../money/pin-modal';
import { ReceiptModal, receiptDate, type ReceiptRow } from '../money/receipt-modal';
import { useMoneySubmit } from '../money/use-money-submit';
import { useWalletNotLoadedToast } from '../money/use-wallet-not-loaded-toast';
import { useCadWalletTransferMutation, useNgnWalletTransferMutation } from './transfer-user-api';
import { useRecipientCheck } from './use-recipient-check';

const dialogs = moneyDialogIds('transfer-user');

interface Values {
  email: string;
  amount: AmountValue;
}

const transferSchema = (currency: Currency, balance: number | undefined, verified: boolean) =>
  object({
    email: string()
      .trim()
      .required(M.transfers.fieldsRequired)
      .test('recipient', M.transfers.invalidRecipientEmail, (email = '') => isEmail(email.trim()) && verified),
    amount: amountSchema(M.transfers.fieldsRequired).test(
      'balance',
      M.transfers.insufficientWalletBalance(currency),
      (amount = '') => !amountAbove(amount, balance),
    ),
  });

const cadRows = (receipt: CadTransferReceipt): ReceiptRow[] => [
  { label: 'Amount', value: formatMoney('CAD', receipt.amount) },
  { label: 'Recipient', value: receipt.recipient_name },
  { label: 'Transaction reference', value: receipt.transaction_reference },
  { label: 'Date', value: receiptDate(receipt.created_at) },
];

const ngnRows = (receipt: NgnTransferReceipt): ReceiptRow[] => [
  { label: 'Amount', value: formatMoney('NGN', receipt.amount) },
  { label: 'Sent to', value: receipt.sent_to },
  { label: 'Transaction reference', value: receipt.tx_ref },
  { label: 'Date', value: receiptDate(receipt.created_at) },
];

const Found = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.success};
`;

/** Send `currency` to another user by email: the recipient is checked live, the balance at submit and at PIN confirm (spec §4, §5). */
export function UserTransferForm({ currency }: { currency: Currency }) {
  const dispatch = useAppDispatch();
  const cad = useGetCadWalletQuery();
  const ngn = useGetNairaWalletQuery();
  useErrorToast(cad.error ?? ngn.error, M.transfers.walletFetchFailed);
  const shown = currency === 'CAD' ? cad : ngn;
  useWalletNotLoadedToast(shown);
  const balance = shown.data?.balance;
  const [sendCad, cadResult] = useCadWalletTransferMutation();
  const [sendNgn, ngnResult] = useNgnWalletTransferMutation();
  const submit = useMoneySubmit({ dialogs });

  const form = useFormik<Values>({
    initialValues: { email: '', amount: '' },
    // Built when validating, from the latest render's balance and recipient check.
    validationSchema: () => transferSchema(currency, balance, recipient.verified),
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: () => void dispatch(dialogOpened(dialogs.pin)),
  });
  const recipient = useRecipientCheck(form.values.email, currency);

  const confirm = async (pin: string) => {
    const { email, amount } = form.values;
    // The PIN modal can only send what the form holds: an incomplete form is shown on the form, not sent.
    if (!email.trim() || amount === '') {
      await form.validateForm();
      dispatch(dialogClosed(dialogs.pin));
      return;
    }
    if (amountAbove(amount, balance)) {
      toast.error(M.transfers.insufficientWalletBalance(currency));
      return;
    }
    const body = { amount, recipient_email: email.trim(), transaction_pin: pin, timezone: deviceTimeZone() };
    const sent =
      currency === 'CAD'
        ? await submit(body, sendCad, (data) => data.success === 'true')
        : await submit(body, sendNgn, (data) => data.success === true);
    if (sent) form.resetForm();
  };

  const cadReceipt = cadResult.data?.data;
  const ngnReceipt = ngnResult.data?.data;
  const rows = currency === 'CAD' ? cadReceipt && cadRows(cadReceipt) : ngnReceipt && ngnRows(ngnReceipt);
  const message = formMessage(form);

  return (
    <Stack gap="lg">
      <BalanceCard currency={currency} balance={balance} />
      <form aria-label={`Send ${currency}`} onSubmit={form.handleSubmit} noValidate>
        <Stack>
          <TextField
            label="Recipient email"
            type="email"
            autoComplete="off"
            error={recipient.notFound && M.transfers.userNotFound}
            {...form.getFieldProps('email')}
          />
          {recipient.verified && <Found role="status">Recipient: {recipient.name}</Found>}
          <TextField
            label={`Amount (${currency})`}
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            disabled={!recipient.verified}
            {...form.getFieldProps('amount')}
          />
          {message && <FormError>{message}</FormError>}
          <Button type="submit" fullWidth>Send</Button>
        </Stack>
      </form>
      <PinModal id={dialogs.pin} onConfirm={confirm} />
      <ReceiptModal id={dialogs.receipt} title="Transaction Receipt" rows={rows ?? null} />
    </Stack>
  );
}
