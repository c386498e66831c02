import { object, string } from 'yup';
import * as M from '../../../shared/messages';
import { NAME_MAX_LENGTH } from '../../../shared/limits';
import { PRODUCT_NAME } from '../../../shared/product';
import type { CadWithdrawalReceipt } from '../../../shared/types';
import { isEmail } from '../../../shared/validation';
import { useErrorToast } from '../../api/use-error-toast';
import { useAppDispatch } from '../../app/store';
import { deviceTimeZone } from '../../app/time-zone';
import { useSendAgainDraft } from '../../app/use-send-again-draft';
import { useWallet } from '../../app/use-wallet';
import { BalanceCard, Button, CopyField, PageHeader, Stack, TextField, formatMoney } from '../../ui';
import { amountSchema, type AmountValue } from '../money/amount';
import { MoneyFlow } from '../money/money-flow';
import { receiptDate } from '../money/receipt-modal';
import { feeRows, resultMessage, resultNotice, statusRows } from '../money/result';
import { payoutWatched, useLiveOutcome } from '../history';
import { RecentRecipients } from '../recipients';
import { ARRIVES, sendReviewLines } from '../money/review-lines';
import { useAmountCheck } from '../money/use-amount-check';
import { useMoneyFlow } from '../money/use-money-flow';
import { useWalletNotLoadedToast } from '../money/use-wallet-not-loaded-toast';
import { useCadWithdrawalMutation } from './transfer-cad-api';

/** The fixed Description of every CAD withdrawal (spec §7). */
const CAD_WITHDRAWAL_DESCRIPTION = `Interac e-Transfer from ${PRODUCT_NAME}`;

interface Values {
  name: string;
  email: string;
  amount: AmountValue;
}

const initialValues: Values = { name: '', email: '', amount: '' };

/** E-mails compared as a mail server would: case and spacing aside. */
const sameEmail = (a: string | undefined, b: string) => a !== undefined && a.trim().toLowerCase() === b.trim().toLowerCase();

const incomplete = M.transfers.cadFieldsRequired;
/** The fields as spec §5 checks them (the balance and the limits are said under the amount as it is typed). */
const schema = object({
  name: string().trim().required(incomplete),
  email: string().trim().required(incomplete).test('email', incomplete, (email = '') => isEmail(email.trim())),
  amount: amountSchema(incomplete),
});

/** Above the balance by itself: the text this form has always given. */
const overBalance = () => M.transfers.insufficientWalletBalance('CAD');

/** The receipt (spec §3, with spec-next's fee, status and arrival): an Interac payout is pending until the rail answers. */
const receiptRows = (receipt: CadWithdrawalReceipt) => [
  { label: 'Amount', value: formatMoney('CAD', receipt.amount) },
  ...feeRows('CAD', receipt.fee),
  { label: 'Recipient', value: receipt.recipient_name },
  { label: 'Sent by', value: 'Interac e-Transfer' },
  ...statusRows(receipt),
  { label: 'Transaction reference', value: receipt.transaction_reference },
  { label: 'Date', value: receiptDate(receipt.created_at) },
];

/** /transfer-cad: an Interac e-Transfer to an outside recipient, confirmed with the PIN (spec §2, §4, §5). */
export default function TransferCadScreen() {
  const dispatch = useAppDispatch();
  // Send again from a history item (spec-next §C): the same recipient and amount.
  const again = useSendAgainDraft('interac');
  const cad = useWallet('CAD');
  const { wallet, error } = cad;
  useErrorToast(error, M.transfers.walletFetchFailed);
  useWalletNotLoadedToast(cad);
  const [withdraw, { data: result }] = useCadWithdrawalMutation();
  // The receipt follows the payout when it settles while it is open.
  const outcome = useLiveOutcome(result?.data?.transaction_reference, result?.data);
  // The amount and its Interac fee within the balance, then the tier's limits (spec-next §A, §B).
  const amountCheck = useAmountCheck({ currency: 'CAD', feeKind: 'interac', balance: wallet?.balance, overBalance });
  const { feeRule } = amountCheck;

  const flow = useMoneyFlow({
    flow: 'transfer-cad',
    initialValues,
    prefill: again && { name: again.name, email: again.email, amount: again.amount },
    schema,
    canLeaveForm: (form) => {
      form.setStatus(wallet ? undefined : M.transfers.walletDetailsUnavailable);
      return wallet !== undefined && amountRefusal === null;
    },
    prepare: async (pin, form) => {
      // The PIN modal can only send what the form holds: an incomplete form is shown on the form, not
      // sent; so is an amount the balance or the limits refuse now (e.g. the balance changed meanwhile).
      const errors = await form.validateForm();
      if (Object.keys(errors).length > 0 || !wallet || amountRefusal !== null) {
        if (!wallet) form.setStatus(M.transfers.walletDetailsUnavailable);
        return { goTo: 'form' };
      }
      const { name, email, amount } = form.values;
      return {
        send: {
          Amount: amount,
          CustomerEmail: email.trim(),
          CustomerName: name.trim(),
          Description: CAD_WITHDRAWAL_DESCRIPTION,
          SecurityQuestion: wallet.security_question,
          SecurityQuestionAnswer: wallet.security_answer,
          transaction_pin: pin,
          timezone: deviceTimeZone(),
        },
      };
    },
    send: withdraw,
    succeeded: (data) => data.success === 'true',
    // spec-next §C: a payout the rail has not answered is on its way, not completed.
    successMessage: (data) => resultMessage(data.data, M.transfers.completed),
    sent: ({ data }) => dispatch(payoutWatched({ id: data.transaction_reference, currency: 'CAD', status: data.status })),
    receipt: outcome ? receiptRows(outcome) : null,
    resultNotice: outcome ? resultNotice(outcome) : null,
    resultItem: outcome?.transaction_reference ?? null,
    reviewLines: ({ name, email, amount }) =>
      sendReviewLines(
        'CAD',
        amount,
        [
          { label: 'Recipient', value: name.trim() },
          { label: 'Recipient email', value: email.trim() },
        ],
        ARRIVES.payout,
        feeRule,
      ),
  });
  const { form } = flow;
  const amountRefusal = amountCheck.refusal(form.values.amount);

  return (
    <main>
      <PageHeader title="Send CAD" subtitle="Send money to any Canadian bank account by Interac e-Transfer" />
      <Stack gap="lg">
        <BalanceCard currency="CAD" balance={wallet?.balance} title="Current Balance" />
        <MoneyFlow flow={flow} title="Send via Interac" actions={<Button type="submit" fullWidth disabled={amountRefusal !== null}>Send</Button>}>
          {/* spec-next §E: a recent recipient fills the name and e-mail. */}
          <RecentRecipients
            kind="interac"
            onChoose={(recipient) => void form.setValues({ ...form.values, name: recipient.name, email: recipient.email ?? '' })}
            isChosen={(recipient) => sameEmail(recipient.email, form.values.email) && recipient.name === form.values.name.trim()}
          />
          <TextField label="Recipient name" autoComplete="off" maxLength={NAME_MAX_LENGTH} {...flow.field('name')} />
          <TextField label="Recipient email" type="email" autoComplete="off" {...flow.field('email')} />
          <TextField
            label="Amount (CAD)"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            error={amountRefusal}
            {...flow.field('amount')}
          />
          {wallet && (
            <>
              <CopyField label="Reference question" value={wallet.security_question} />
              <CopyField label="Security answer" value={wallet.security_answer} />
            </>
          )}
        </MoneyFlow>
      </Stack>
    </main>
  );
}
