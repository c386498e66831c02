import { object, string } from 'yup';
import { PAYMENT_TOAST_MS } from '../../../shared/limits';
import * as M from '../../../shared/messages';
import type { BillPaymentResult, Payee } from '../../../shared/types';
import { billDescriptionOk } from '../../../shared/validation';
import { isHttpError, messageOf } from '../../api/error-message';
import { useAppDispatch } from '../../app/store';
import { Button, formatMoney, Stack, TextField, toast } from '../../ui';
import { amountSchema, type AmountValue } from '../money/amount';
import { MoneyFlow } from '../money/money-flow';
import { feeRows, statusRows } from '../money/result';
import { ARRIVES, sendReviewLines } from '../money/review-lines';
import { useAmountCheck } from '../money/use-amount-check';
import { useMoneyFlow } from '../money/use-money-flow';
import type { CallError } from '../money/use-money-send';
import { useConfirmTransactionPinMutation, useCreateBillPaymentMutation } from './bill-payment-api';
import { payeeCleared } from './bill-payment-slice';

interface Values {
  amount: AmountValue;
  accountNumber: string;
  description: string;
}

const initialValues: Values = { amount: '', accountNumber: '', description: '' };

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

/** The receipt (spec §3, with spec-next's fee and status): a bill is paid at once. */
const receiptRows = (receipt: BillPaymentResult, payee: Payee) => [
  { label: 'Amount', value: formatMoney('CAD', receipt.Amount) },
  ...feeRows('CAD', receipt.fee),
  { label: 'Payee', value: payee.PayeeName },
  { label: 'Description', value: receipt.Description },
  ...statusRows({ status: 'completed' }),
  { label: 'Transaction number', value: receipt.TransactionNumber },
];

interface BillFormProps {
  payee: Payee;
  /** The CAD balance (the most that can be paid), undefined until the wallet loads. */
  balance: number | undefined;
}

/** Pay the chosen payee from the CAD wallet: Continue, PIN confirmed by its own call, then the payment (spec §4, §5). */
export function BillForm({ payee, balance }: BillFormProps) {
  const dispatch = useAppDispatch();
  const [confirmPin] = useConfirmTransactionPinMutation();
  const [pay, { data: result }] = useCreateBillPaymentMutation();
  // Above the balance, spec §5's text; the fee and the tier's limits as the other send forms say them.
  const amountCheck = useAmountCheck({ currency: 'CAD', feeKind: 'bill', balance, overBalance: M.bills.billAmountTooHigh });
  const { feeRule } = amountCheck;

  const flow = useMoneyFlow({
    flow: 'bill-payment',
    initialValues,
    schema,
    canLeaveForm: () => {
      if (balance === undefined) toast.error(M.bills.walletUnavailable, { toastId: M.bills.walletUnavailable });
      return balance !== undefined;
    },
    prepare: async (pin, form, said) => {
      const checked = await confirmPin({ transaction_pin: pin });
      if (!checked.data?.success) {
        said.error(pinRefusal(checked.error));
        return { goTo: 'pin' };
      }
      const { amount, accountNumber, description } = form.values;
      return {
        send: {
          PayeeName: payee.PayeeName,
          PayeeCode: payee.PayeeCode,
          Amount: amount,
          PayeeAccountNumber: accountNumber.trim(),
          Description: description.trim(),
        },
      };
    },
    send: pay,
    succeeded: (data) => data.success === true,
    successMessage: M.bills.success,
    successToast: { autoClose: PAYMENT_TOAST_MS },
    failureMessage: paymentFailure,
    pinInvalidMessage: M.bills.invalidPin,
    receipt: result?.data ? receiptRows(result.data, payee) : null,
    resultItem: result?.data?.TransactionNumber ?? null,
    receiptTitle: 'Payment Successful',
    onReceiptClosed: () => dispatch(payeeCleared()),
    reviewLines: ({ amount, accountNumber, description }) =>
      sendReviewLines(
        'CAD',
        amount,
        [
          { label: 'Payee', value: payee.PayeeName },
          { label: 'Payee account number', value: accountNumber.trim() },
          { label: 'Description', value: description.trim() },
        ],
        ARRIVES.bill,
        feeRule,
      ),
  });
  const { form } = flow;
  // The amount and its fee (what leaves the wallet) within the balance, then the tier's limits
  // (spec-next §B): said at the form as it is typed, before review and PIN.
  const amountRefusal = amountCheck.refusal(form.values.amount);

  return (
    <MoneyFlow
      flow={flow}
      title={payee.PayeeName}
      actions={
        <Stack direction="row" justify="flex-end" gap="sm">
          <Button variant="secondary" onClick={() => dispatch(payeeCleared())}>Cancel</Button>
          <Button type="submit" disabled={amountRefusal !== null}>Continue</Button>
        </Stack>
      }
    >
      <TextField
        label="Amount (CAD)"
        type="number"
        inputMode="decimal"
        min={0}
        max={balance}
        step={0.01}
        error={amountRefusal}
        {...flow.field('amount')}
      />
      <TextField label="Payee account number" autoComplete="off" {...flow.field('accountNumber')} />
      <TextField label="Description" autoComplete="off" {...flow.field('description')} />
    </MoneyFlow>
  );
}
