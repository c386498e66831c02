import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useRef } from 'react';
import { object, string } from 'yup';
import { NGN_ACCOUNT_LENGTH } from '../../../shared/limits';
import * as M from '../../../shared/messages';
import { PRODUCT_NAME } from '../../../shared/product';
import type { Bank, NairaWallet, NgnWithdrawalReceipt, Recipient, Req } from '../../../shared/types';
import { digitsOnly, isNgnAccountNumber } from '../../../shared/validation';
import { messageOf } from '../../api/error-message';
import { useErrorToast } from '../../api/use-error-toast';
import { useGetLimitsQuery } from '../../api/limits-api';
import { useGetNgnLimitQuery } from '../../api/wallet-api';
import { useAppDispatch } from '../../app/store';
import { deviceTimeZone } from '../../app/time-zone';
import { useSendAgainDraft } from '../../app/use-send-again-draft';
import { Button, ComboboxField, formatMoney, LoadingText, TextField } from '../../ui';
import { amountAbove, amountSchema, type AmountValue } from '../money/amount';
import { MoneyFlow } from '../money/money-flow';
import { receiptDate, type ReceiptRow } from '../money/receipt-modal';
import { feeRows, resultMessage, resultNotice, statusRows } from '../money/result';
import { payoutWatched, useLiveOutcome } from '../history';
import { RecentRecipients, useSavedRecipientsQuery } from '../recipients';
import { ARRIVES, sendReviewLines, useFeeRule } from '../money/review-lines';
import { balanceRefusal } from '../money/use-amount-check';
import { ngnPerTransferMax, useLimitCheck } from '../money/use-limit-check';
import { useMoneyFlow, type Confirmation } from '../money/use-money-flow';
import { useGetNgnBanksQuery, useNameInquiryQuery, useNgnWithdrawalMutation } from './transfer-naira-api';

/** The fixed description of every NGN withdrawal (spec §7). */
const NGN_WITHDRAWAL_DESCRIPTION = `Transfer from ${PRODUCT_NAME}`;

interface Values {
  bankCode: string;
  /** As typed; for a saved recipient, its masked number (the full one stays on the server). */
  accountNumber: string;
  amount: AmountValue;
  /** spec-next §E: the saved recipient chosen (GET /recipients), '' for a typed account. */
  recipientId: string;
}

const initialValues: Values = { bankCode: '', accountNumber: '', amount: '', recipientId: '' };

const incomplete = M.transfers.ngnFieldsRequired;
const schema = object({
  bankCode: string().required(incomplete),
  accountNumber: string()
    .required(incomplete)
    // A saved recipient's masked number names its account; a typed one is 10 digits.
    .test('account', incomplete, (account = '', context) => Boolean(context.parent.recipientId) || isNgnAccountNumber(account)),
  amount: amountSchema(incomplete),
});

/** The receipt (spec §3, with the account's name and bank, and spec-next's fee, status and arrival). */
const receiptRows = (receipt: NgnWithdrawalReceipt) => [
  { label: 'Amount', value: formatMoney('NGN', receipt.amount) },
  ...feeRows('NGN', receipt.fee),
  { label: 'Account name', value: receipt.account_name },
  { label: 'Bank', value: receipt.bank_name },
  { label: 'Account number', value: receipt.account_number },
  ...statusRows(receipt),
  { label: 'Transaction reference', value: receipt.tx_ref },
  { label: 'Date', value: receiptDate(receipt.created_at) },
];

const bankName = (bank: Bank) => bank.bankName;
const bankKey = (bank: Bank) => bank.bankCode;

/**
 * Send NGN to a Nigerian bank account (spec §4, §5): pick the bank, type the 10-digit number and
 * the account is named automatically; only then can an amount within the limit and the balance be sent.
 */
export function NgnSendForm({ wallet }: { wallet: NairaWallet }) {
  const dispatch = useAppDispatch();
  // Send again from a history item (spec-next §C): the same account and amount; the bank once the list is known.
  const again = useSendAgainDraft('ngn-bank');
  const banks = useGetNgnBanksQuery();
  useErrorToast(banks.error, M.transfers.bankListFailed);
  const { data: limit, error: limitError } = useGetNgnLimitQuery();
  useErrorToast(limitError, M.transfers.limitFetchFailed);
  const [withdraw, { data: result }] = useNgnWithdrawalMutation();
  // The receipt follows the payout when it settles while it is open.
  const outcome = useLiveOutcome(result?.data?.tx_ref, result?.data);
  const limitRefusal = useLimitCheck('NGN');
  // The most one send may be: the rail's single-payout maximum, or less under the tier's
  // per-transfer limit (spec-next §B: NGN counts at the mid rate).
  // While the tier's limits are on their way, no maximum is shown: the rail's alone may be more than
  // this customer may send. Should they not come, the rail's is all there is to say.
  const { data: tierLimits, isError: tierLimitsFailed } = useGetLimitsQuery();
  const tierMax = tierLimits ? Number(ngnPerTransferMax(tierLimits)) / 100 : undefined;
  const maximum = limit === undefined || (tierMax === undefined && !tierLimitsFailed) ? undefined : Math.min(limit, tierMax ?? limit);

  const feeRule = useFeeRule('ngn_bank');

  const flow = useMoneyFlow({
    flow: 'transfer-naira',
    initialValues,
    prefill: again && { accountNumber: again.accountNumber, amount: again.amount },
    schema,
    prepare: async (pin, form, said): Promise<Confirmation<Req<'ngnWithdrawal'>>> => {
      // The PIN modal can only send what the form holds: an incomplete form is said, never sent or ignored.
      const errors = await form.validateForm();
      if (Object.keys(errors).length > 0 || !bank || !accountName) {
        said.error(M.transfers.ngnFieldsRequired);
        return { goTo: 'form' };
      }
      return {
        send: {
          amount,
          account_number: accountNumber,
          account_bank: bank.bankCode,
          transaction_pin: pin,
          description: NGN_WITHDRAWAL_DESCRIPTION,
          is_benficiary: false,
          account_name: accountName,
          timezone: deviceTimeZone(),
          // A saved recipient is sent to by its id: the server holds its full number.
          ...(recipientId ? { recipient_id: recipientId } : {}),
        },
      };
    },
    send: withdraw,
    succeeded: (data) => data.success === 'true',
    // spec-next §C: a payout the rail has not answered is on its way, not completed.
    successMessage: (data) => resultMessage(data.data, M.transfers.completed),
    sent: ({ data }) => dispatch(payoutWatched({ id: data.tx_ref, currency: 'NGN', status: data.status })),
    receipt: outcome ? receiptRows(outcome) : null,
    resultNotice: outcome ? resultNotice(outcome) : null,
    resultItem: outcome?.tx_ref ?? null,
    canLeaveForm: (): boolean => tierRefusal === null,
    reviewLines: (): ReceiptRow[] =>
      sendReviewLines(
        'NGN',
        amount,
        [
          { label: 'Recipient', value: accountName ?? '' },
          { label: 'Bank', value: bank?.bankName ?? '' },
          { label: 'Account number', value: accountNumber },
        ],
        ARRIVES.payout,
        feeRule,
      ),
  });
  const { form } = flow;
  const { bankCode, accountNumber, amount, recipientId } = form.values;

  const bank = banks.data?.find((candidate) => candidate.bankCode === bankCode) ?? null;

  // Send again names the bank; once the list has loaded, the picker takes it (once: the customer may change it).
  const bankPrefilled = useRef(false);
  const againBank = again?.bankName ? banks.data?.find((candidate) => candidate.bankName === again.bankName) : undefined;
  const { setFieldValue } = form;
  useEffect(() => {
    if (!againBank || bankPrefilled.current) return;
    bankPrefilled.current = true;
    void setFieldValue('bankCode', againBank.bankCode);
  }, [againBank, setFieldValue]);
  // A saved recipient's name check runs again each time it is chosen (spec-next §E), by its id.
  // Send again of a send to a saved recipient knows only its masked number: that recipient is chosen
  // once the list has loaded (once: the customer may change it), and its name check runs.
  const { data: saved } = useSavedRecipientsQuery();
  const againRecipient =
    again && !again.accountNumber && again.accountNumberMasked
      ? saved?.find((r) => r.kind === 'ngn_bank' && r.bank_name === again.bankName && r.account_number_masked === again.accountNumberMasked)
      : undefined;
  const recipientPrefilled = useRef(false);
  const { setValues } = form;
  useEffect(() => {
    if (!againRecipient || recipientPrefilled.current) return;
    recipientPrefilled.current = true;
    void setValues((values) => ({ ...values, bankCode: againRecipient.bank_code ?? '', accountNumber: againRecipient.account_number_masked ?? '', recipientId: againRecipient.id }));
  }, [againRecipient, setValues]);
  const inquiry = useNameInquiryQuery(
    bank && (recipientId ? accountNumber !== '' : isNgnAccountNumber(accountNumber)) && wallet.account_number
      ? {
          accountNumber,
          nibssBankCode: bank.nibssBankCode,
          senderAccountNumber: wallet.account_number,
          ...(recipientId ? { recipient_id: recipientId } : {}),
        }
      : skipToken,
    { refetchOnMountOrArgChange: recipientId !== '' },
  );
  // Only the answer for the current bank and number counts; a failure leaves no name and says why
  // under the number: a non-'00' code with the server's text (e.g. an account the bank does not
  // know), or a refused or unanswered enquiry.
  const answer = inquiry.currentData;
  const accountName = answer?.code === '00' ? (answer.customer?.account.name ?? null) : null;
  const accountError = inquiry.isFetching
    ? null
    : answer && answer.code !== '00'
      ? (answer.message ?? M.server.accountNotFound)
      : inquiry.isError
        ? messageOf(inquiry.error, M.transfers.accountCheckFailed)
        : null;

  /** A recent recipient chosen: its bank and masked number, the amount kept; the name check then runs by its id. */
  const choose = (recipient: Recipient) => {
    void form.setValues({ ...form.values, bankCode: recipient.bank_code ?? '', accountNumber: recipient.account_number_masked ?? '', recipientId: recipient.id });
  };

  // The amount and its fee (what leaves the wallet) within the balance.
  // Over the balance by itself: the spec's text; only with its fee: a text that names the fee.
  const balanceMessage = balanceRefusal('NGN', amount, wallet.balance, feeRule, () => M.transfers.insufficientBalance);
  const overBalance = balanceMessage !== null;
  const overLimit = amountAbove(amount, limit);
  // The tier's limits (spec-next §B), in CAD; said at the form like the balance, before review and PIN.
  const tierRefusal: string | null = overBalance || overLimit ? null : limitRefusal(amount);
  const amountError = balanceMessage ?? (overLimit ? M.server.amountAboveLimit : tierRefusal);

  return (
    <MoneyFlow
      flow={flow}
      title="Send Money"
      actions={accountName && <Button type="submit" fullWidth disabled={overBalance || overLimit || tierRefusal !== null}>Send</Button>}
    >
      {/* spec-next §E: a recent recipient fills the bank and its masked number; its name check runs again. */}
      <RecentRecipients kind="ngn_bank" onChoose={choose} isChosen={(recipient) => recipient.id === recipientId} />
      <ComboboxField
        label="Bank"
        placeholder="Search for a bank"
        options={banks.data ?? []}
        optionLabel={bankName}
        optionKey={bankKey}
        value={bank}
        onChange={(chosen) => {
          // Another bank is another account: a saved recipient's masked number goes with it.
          if (recipientId) void form.setValues({ ...form.values, bankCode: chosen?.bankCode ?? '', accountNumber: '', recipientId: '' });
          else void form.setFieldValue('bankCode', chosen?.bankCode ?? '');
        }}
        emptyText={banks.isLoading ? 'Loading banks...' : M.transfers.noBanks}
      />
      {/* No maxLength: a pasted '0123 456 789' or '0123-456-789' keeps its 10 digits (the separators are dropped here). */}
      <TextField
        label="Recipient account number"
        inputMode="numeric"
        autoComplete="off"
        error={accountError}
        {...flow.field('accountNumber')}
        onChange={(event) => {
          const typed = event.target.value;
          // Editing a saved recipient's masked number starts a typed account (any edit of the mask clears it).
          if (recipientId) void form.setValues({ ...form.values, accountNumber: digitsOnly(typed.includes('*') ? '' : typed, NGN_ACCOUNT_LENGTH), recipientId: '' });
          else void form.setFieldValue('accountNumber', digitsOnly(typed, NGN_ACCOUNT_LENGTH));
        }}
      />
      {inquiry.isFetching && <LoadingText>Verifying account...</LoadingText>}
      {accountName && (
        <>
          <TextField label="Recipient account name" value={accountName} readOnly />
          <TextField
            label="Amount (NGN)"
            type="number"
            inputMode="decimal"
            min={0}
            max={maximum}
            step={0.01}
            hint={maximum !== undefined && `Maximum per transaction: ${formatMoney('NGN', maximum)}`}
            error={amountError}
            {...flow.field('amount')}
          />
        </>
      )}
    </MoneyFlow>
  );
}
