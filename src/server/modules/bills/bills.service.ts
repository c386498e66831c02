/**
 * Bill payment: a posted transfer from the customer's CAD wallet to bills_clearing (the house
 * pays the biller), allowed once per PIN confirmation in the same session (the step-up grant of
 * POST /auth/confirm-transaction-pin), used up in the payment's own transaction.
 */
import { bills, server } from '../../../shared/messages';
import { minorToMajor } from '../../../shared/money';
import { decimalMoney, feeMinor, type FeeTable } from '../../../shared/pricing';
import type { BillPaymentResult, Payee, Req } from '../../../shared/types';
import { billDescriptionOk } from '../../../shared/validation';
import type { Billers } from '../../adapters/types';
import { badRequest, notFound } from '../../lib/errors';
import { consumeStepUpGrant, type PinConfirmer } from '../auth/pin.service';
import { customerAccount, systemAccountId, type Trx } from '../ledger/accounts.repository';
import { transfer } from '../ledger/ledger.service';
import { countAgainstLimits, type LimitContext } from '../limits/limits.service';
import { notifyMoneySent } from '../notifications/notify';
import { amountMinor } from '../transfers/sender.service';

export interface BillOrder {
  payee: Payee;
  amount: bigint;
  /** The fee (FEES_JSON 'bill'), charged on top of the amount. */
  fee: bigint;
  accountNumber: string;
  description: string;
}

/** A known payee (code and name agree), its account number, a 5 to 20 character description, a valid amount. */
export async function billOrder(billers: Billers, body: Req<'createBillPayment'>, fees: FeeTable): Promise<BillOrder> {
  const payee = await billers.payee(body.PayeeCode.trim());
  if (!payee || payee.PayeeName !== body.PayeeName.trim()) throw notFound(server.payeeNotFound);
  const accountNumber = body.PayeeAccountNumber.trim();
  if (!accountNumber) throw badRequest(server.payeeAccountRequired);
  if (!billDescriptionOk(body.Description)) throw badRequest(server.billDescription);
  const amount = amountMinor(body.Amount);
  return { payee, amount, fee: feeMinor(fees.bill, amount), accountNumber, description: body.Description.trim() };
}

/** Pays the bill: the step-up grant of this session is used up, the payment counted against the customer's limits (403 over one), the money moved, the e-mail recorded. */
export async function payBill(trx: Trx, auth: PinConfirmer, order: BillOrder, limits: LimitContext): Promise<BillPaymentResult> {
  const { userId } = auth;
  await consumeStepUpGrant(trx, auth);
  await countAgainstLimits(trx, limits, userId, 'CAD', order.amount);
  const wallet = await customerAccount(trx, userId, 'CAD');
  const row = await transfer(trx, {
    debit: wallet.id,
    credit: await systemAccountId(trx, 'bills_clearing', 'CAD'),
    amount: order.amount,
    fee: order.fee,
    currency: 'CAD',
    kind: 'bill',
    metadata: { recipient_name: order.payee.PayeeName, account_number: order.accountNumber, description: order.description },
    // The bill form's text (spec §5): 'Amount cannot exceed your balance of $X CAD'; when only the
    // fee takes it over, a text that names the fee (the amount is not above the balance).
    insufficientFunds: (_currency, availableMinor) =>
      order.amount > availableMinor
        ? bills.billAmountTooHigh(minorToMajor(availableMinor))
        : bills.billAmountAndFeeTooHigh(minorToMajor(order.fee), minorToMajor(availableMinor)),
  });
  await notifyMoneySent(trx, row.id);
  return { Amount: minorToMajor(row.amount), TransactionNumber: row.reference, Description: order.description, fee: decimalMoney(order.fee) };
}
