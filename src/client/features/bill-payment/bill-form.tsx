import { useFormik } from 'formik';
import { useId } from 'react';
import { toast } from 'react-toastify';
import { object, string } from 'yup';
import { PAYMENT_TOAST_MS } from '../../../shared/limits';
import * as M from '../../../shared/messages';
import type { BillPaymentResult, Payee } from '../../../shared/types';
import { billDescriptionOk } from '../../../shared/validation';
import { isHttpError, messageOf } from '../../api/error-message';
import { useAppDispatch } from '../../app/store';
import { dialogOpened } from '../../app/ui-slice';
import { Button, Card, CardTitle, FormError, Stack, TextField, formatMoney } from '../../ui';
import { amountAbove, amountSchema, type AmountValue } from '../money/amount';
import { formMessage } from '../money/form-message';
import { moneyDialogIds } from '../money/money-call';
import { PinModal } from '../money/pin-modal';
import { ReceiptModal } from '../money/receipt-modal';
import { useMoneySubmit, type CallError } from '../money/use-money-submit';
import { useConfirmTransactionPinMutation, useCreateBillPaymentMutation } from './bill-payment-api';
import { payeeCleared } from './bill-payment-slice';

const dialogs = moneyDialogIds('bill-payment');

interface Values {
  amount: AmountValue;
  accountNumber: string;
  description: string;
}

const schema = object({
  amount: amountSchema(M.exchange.invalidAmount),
  accountNumber: string().trim().required(M.server.payeeAccountRequired),
  description: string().test('description', M.server.billDescription, (description = '') => billDescriptionOk(description)),
});

/** An HTTP refusal gives the server's text or `refused`; no answer at all gives `failed` (spec §8). */
const failure = (refused: string, failed: string) => (error: CallError | undefined) =>
  isHttpError(error) ? messageOf(error, refused) : failed;
const pinRefusal = failure(M.bills.incorrectPin, M.bills.verifyPinFailed);
const paymentFailure = failure(M.bills.failed, M.bills.payFailed);

const receiptRows = (receipt: BillPaymentResult) => [
  { label: 'Amount', value: formatMoney('CAD', receipt.Amount) },
  { label: 'Transaction number', value: receipt.TransactionNumber },
  { label: 'Description', value: receipt.Description },
];

interface BillFormProps {
  payee: Payee;
  /** The CAD balance (the most that can be paid), undefined until the wallet loads. */
  balance: number | undefined;
}

/** Pay the chosen payee from the CAD wallet: Continue, PIN confirmed by its own call, then the payment (spec §4, §5). */
export function BillForm({ payee, balance }: BillFormProps) {
  const dispatch = useAppDispatch();
  const titleId = useId();
  const [confirmPin] = useConfirmTransactionPinMutation();
  const [pay, { data: result }] = useCreateBillPaymentMutation();
  const submit = useMoneySubmit({
    dialogs,
    successMessage: M.bills.success,
    successToast: { autoClose: PAYMENT_TOAST_MS },
    failureMessage: paymentFailure,
  });

  const form = useFormik<Values>({
    initialValues: { amount: '', accountNumber: '', description: '' },
    validationSchema: schema,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: () => {
      if (balance === undefined) toast.error(M.bills.walletUnavailable, { toastId: M.bills.walletUnavailable });
      else dispatch(dialogOpened(dialogs.pin));
    },
  });
  const { amount, accountNumber, description } = form.values;
  const overBalance = amountAbove(amount, balance);

  const confirm = async (pin: string) => {
    const checked = await confirmPin({ transaction_pin: pin });
    if (!checked.data?.success) {
      toast.error(pinRefusal(checked.error));
      return;
    }
    const body = {
      PayeeName: payee.PayeeName,
      PayeeCode: payee.PayeeCode,
      Amount: amount,
      PayeeAccountNumber: accountNumber.trim(),
      Description: description.trim(),
    };
    if (await submit(body, pay, (data) => data.success === true)) form.resetForm();
  };

  const message = formMessage(form);

  return (
    <>
      <Card as="form" aria-labelledby={titleId} onSubmit={form.handleSubmit} noValidate>
        <CardTitle id={titleId}>{payee.PayeeName}</CardTitle>
        <TextField
          label="Amount (CAD)"
          type="number"
          inputMode="decimal"
          min={0}
          max={balance}
          step={0.01}
          error={overBalance && balance !== undefined && M.bills.billAmountTooHigh(balance)}
          {...form.getFieldProps('amount')}
        />
        <TextField label="Payee account number" autoComplete="off" {...form.getFieldProps('accountNumber')} />
        <TextField label="Description" autoComplete="off" {...form.getFieldProps('description')} />
        {message && <FormError>{message}</FormError>}
        <Stack direction="row" justify="flex-end" gap="sm">
          <Button variant="secondary" onClick={() => dispatch(payeeCleared())}>Cancel</Button>
          <Button type="submit" disabled={overBalance}>Continue</Button>
        </Stack>
      </Card>
      <PinModal id={dialogs.pin} onConfirm={confirm} invalidMessage={M.bills.invalidPin} />
      <ReceiptModal
        id={dialogs.receipt}
        title="Payment Successful"
        rows={result?.data ? receiptRows(result.data) : null}
        onClose={() => dispatch(payeeCleared())}
      />
    </>
  );
}
