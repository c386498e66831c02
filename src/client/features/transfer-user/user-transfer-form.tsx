import styled from 'styled-components';
import { object, string } from 'yup';
import * as M from '../../../shared/messages';
import type { CadTransferReceipt, Currency, NgnTransferReceipt, Req, Res } from '../../../shared/types';
import { isEmail } from '../../../shared/validation';
import { useErrorToast } from '../../api/use-error-toast';
import { deviceTimeZone } from '../../app/time-zone';
import { useWallet } from '../../app/use-wallet';
import { BalanceCard, Button, formatMoney, Stack, TextField } from '../../ui';
import { amountSchema, type AmountValue } from '../money/amount';
import { MoneyFlow } from '../money/money-flow';
import { receiptDate, type ReceiptRow } from '../money/receipt-modal';
import { feeRows, statusRows } from '../money/result';
import { walletTransferKind } from '../../../shared/pricing';
import { ARRIVES, sendReviewLines } from '../money/review-lines';
import { balanceRefusal, useAmountCheck } from '../money/use-amount-check';
import { useCheckedAgainOnChange, useMoneyFlow } from '../money/use-money-flow';
import { useWalletNotLoadedToast } from '../money/use-wallet-not-loaded-toast';
import { RecentRecipients } from '../recipients';
import { useCadWalletTransferMutation, useNgnWalletTransferMutation } from './transfer-user-api';
import { useRecipientCheck } from './use-recipient-check';

interface Values {
  email: string;
  amount: AmountValue;
}

const initialValues: Values = { email: '', amount: '' };

/** The same body for either currency (spec §7). */
type TransferBody = Req<'cadWalletTransfer'>;
type TransferAnswer = Res<'cadWalletTransfer'> | Res<'ngnWalletTransfer'>;

/** The fields as spec §5 checks them (the balance and the limits are said under the amount as it is typed). */
const transferSchema = (verified: boolean) =>
  object({
    email: string()
      .trim()
      .required(M.transfers.fieldsRequired)
      .test('recipient', M.transfers.invalidRecipientEmail, (email = '') => isEmail(email.trim()) && verified),
    amount: amountSchema(M.transfers.fieldsRequired),
  });

// A transfer between users completes at once (spec-next §C): its receipt says so.
const cadRows = (receipt: CadTransferReceipt): ReceiptRow[] => [
  { label: 'Amount', value: formatMoney('CAD', receipt.amount) },
  ...feeRows('CAD', receipt.fee),
  { label: 'Recipient', value: receipt.recipient_name },
  ...statusRows({ status: 'completed' }),
  { label: 'Transaction reference', value: receipt.transaction_reference },
  { label: 'Date', value: receiptDate(receipt.created_at) },
];

const ngnRows = (receipt: NgnTransferReceipt): ReceiptRow[] => [
  { label: 'Amount', value: formatMoney('NGN', receipt.amount) },
  ...feeRows('NGN', receipt.fee),
  { label: 'Sent to', value: receipt.sent_to },
  ...statusRows({ status: 'completed' }),
  { label: 'Transaction reference', value: receipt.tx_ref },
  { label: 'Date', value: receiptDate(receipt.created_at) },
];

/** Send again from a history item (spec-next §C): the recipient's e-mail and the amount. */
export interface UserTransferPrefill {
  email: string;
  amount: number;
}

const Found = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.success};
`;

/**
 * Send `currency` to another user by email: the recipient is checked live; the balance (with the
 * fee) and the limits as the amount is typed, and the balance again at PIN confirm (spec §4, §5).
 */
export function UserTransferForm({ currency, prefill = null }: { currency: Currency; prefill?: UserTransferPrefill | null }) {
  const cad = useWallet('CAD');
  const ngn = useWallet('NGN');
  useErrorToast(cad.error ?? ngn.error, M.transfers.walletFetchFailed);
  const shown = currency === 'CAD' ? cad : ngn;
  useWalletNotLoadedToast(shown);
  const balance = shown.wallet?.balance;
  const [sendCad, cadResult] = useCadWalletTransferMutation();
  const [sendNgn, ngnResult] = useNgnWalletTransferMutation();
  // spec §5's 'Insufficient CAD balance' / 'Insufficient NGN balance' above the balance by itself.
  const overBalance = () => M.transfers.insufficientWalletBalance(currency);
  const amountCheck = useAmountCheck({ currency, feeKind: walletTransferKind(currency), balance, overBalance });

  const cadReceipt = cadResult.data?.data;
  const ngnReceipt = ngnResult.data?.data;
  const rows = currency === 'CAD' ? cadReceipt && cadRows(cadReceipt) : ngnReceipt && ngnRows(ngnReceipt);
  const reference = currency === 'CAD' ? cadReceipt?.transaction_reference : ngnReceipt?.tx_ref;

  const { feeRule } = amountCheck;
  const flow = useMoneyFlow<Values, TransferBody, TransferAnswer>({
    flow: 'transfer-user',
    initialValues,
    prefill,
    // Built when validating, from the latest render's recipient check.
    schema: () => transferSchema(recipient.verified),
    canLeaveForm: () => amountRefusal === null,
    prepare: async (pin, form, said) => {
      const { email, amount } = form.values;
      // The PIN modal can only send what the form holds: an incomplete form is shown on the form, not sent.
      if (!email.trim() || amount === '') {
        await form.validateForm();
        return { goTo: 'form' };
      }
      const refusal = balanceRefusal(currency, amount, balance, feeRule, overBalance);
      if (refusal !== null) {
        said.error(refusal);
        return { goTo: 'pin' };
      }
      return { send: { amount, recipient_email: email.trim(), transaction_pin: pin, timezone: deviceTimeZone() } };
    },
    // The tab's call; CAD answers success 'true', NGN the boolean true (spec §7).
    send: (args) => (currency === 'CAD' ? sendCad(args) : sendNgn(args)),
    succeeded: (data) => (currency === 'CAD' ? data.success === 'true' : data.success === true),
    receipt: rows ?? null,
    resultItem: reference ?? null,
    reviewLines: ({ email, amount }) =>
      sendReviewLines(
        currency,
        amount,
        [
          { label: 'Recipient', value: recipient.name ?? email.trim() },
          { label: 'Recipient email', value: email.trim() },
        ],
        ARRIVES.instantly,
        feeRule,
      ),
  });
  const { form } = flow;
  const amountRefusal = amountCheck.refusal(form.values.amount);
  const recipient = useRecipientCheck(form.values.email, currency);
  // The schema reads the tab's currency and the recipient check too: a message a submit showed goes
  // (or changes) when either does, as it does when a value changes (useMoneyFlow).
  useCheckedAgainOnChange(form, `${currency}:${recipient.verified}`);

  return (
    <Stack gap="lg">
      <BalanceCard currency={currency} balance={balance} />
      <MoneyFlow flow={flow} title={`Send ${currency}`} layout="plain" actions={<Button type="submit" fullWidth disabled={amountRefusal !== null}>Send</Button>}>
        {/* spec-next §E: a recent recipient fills the e-mail; the recipient check then runs as for a typed one. */}
        <RecentRecipients
          kind="kudi_user"
          onChoose={(chosen) => void form.setFieldValue('email', chosen.email ?? '')}
          isChosen={(chosen) => chosen.email !== undefined && chosen.email.toLowerCase() === form.values.email.trim().toLowerCase()}
        />
        <TextField
          label="Recipient email"
          type="email"
          autoComplete="off"
          error={recipient.refusal}
          {...flow.field('email')}
        />
        {recipient.verified && <Found role="status">Recipient: {recipient.name}</Found>}
        <TextField
          label={`Amount (${currency})`}
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          disabled={!recipient.verified}
          error={amountRefusal}
          {...flow.field('amount')}
        />
      </MoneyFlow>
    </Stack>
  );
}
