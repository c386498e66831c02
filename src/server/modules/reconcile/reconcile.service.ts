/**
 * Reconciliation of the books (issue 18): the invariants the ledger keeps (ledger.service,
 * transfers.repository, payouts.service), checked over the whole database in one snapshot:
 * - `currencies_sum_to_zero`: per currency, the accounts' balances sum to zero, and so do the entries;
 * - `balances_match_entries`: every account's balance is the sum of its entries, and its reserved
 *   funds (pending_debits) the sum of the pending transfers debiting it;
 * - `transfers_move_once`: a posted transfer's movement is there exactly once (two entries: −amount
 *   on its debit account, +amount on its credit account); a pending or voided transfer has none;
 * - `payouts_settle_once`: a payout's events hold at most one final state (completed, failed,
 *   cancelled), the same as the payout's outcome, and its ledger movement matches it exactly once:
 *   completed = its transfer posted (two entries), no refund; failed or cancelled = its transfer
 *   voided (no entries) and one 'refunded' after it; not final = its transfer still pending; a
 *   payout's fee transfer (at most one) settles as the payout's transfer does;
 * - `accounts_within_bounds`: a customer wallet is never below zero, never spends reserved funds
 *   (balance − pending_debits ≥ 0) and never passes MAX_BALANCE_MINOR; deposits_clearing is only
 *   ever debited (≤ 0), payouts_clearing, bills_clearing and fees only ever credited (≥ 0);
 *   fx_liquidity is the house's position (either sign); no system account reserves funds (only
 *   customer wallets are debited by pending transfers); every system account of every currency exists.
 * Each check is one grouped statement (reconcile.repository) answering only the rows at fault.
 */
import { hostname } from 'node:os';
import { MAX_BALANCE_MINOR, CURRENCIES } from '../../../shared/limits';
import type { Db } from '../../db/database';
import type { SystemAccountCode } from '../ledger/ledger.tables';
import {
  accountMismatches,
  boundsFaults,
  claimDay,
  currencyTotals,
  finishDay,
  payoutFaults,
  systemAccounts,
  today,
  transferMovementFaults,
  type AccountRow,
  type Sign,
} from './reconcile.repository';

/** At most this many findings are listed per check (`truncated` says there were more). */
export const MAX_FINDINGS = 100;

/** One thing wrong, naming its row(s); money in minor units, as strings. */
export type Finding = Record<string, string | number | null>;

export interface CheckReport {
  name: CheckName;
  ok: boolean;
  findings: Finding[];
  /** More findings than MAX_FINDINGS: the first ones are listed. */
  truncated?: boolean;
}

export interface ReconciliationReport {
  ok: boolean;
  /** When the snapshot was read (ISO 8601). */
  checked_at: string;
  checks: CheckReport[];
}

export type CheckName = 'currencies_sum_to_zero' | 'balances_match_entries' | 'transfers_move_once' | 'payouts_settle_once' | 'accounts_within_bounds';

/** The bounds of each system account's balance (see the module comment). */
export const SYSTEM_ACCOUNT_SIGNS: Record<SystemAccountCode, Sign> = {
  deposits_clearing: 'at_most_zero',
  payouts_clearing: 'at_least_zero',
  bills_clearing: 'at_least_zero',
  fees: 'at_least_zero',
  fx_liquidity: 'any',
};

type Reader = Parameters<typeof currencyTotals>[0];

function listed(name: CheckName, findings: Finding[]): CheckReport {
  const truncated = findings.length > MAX_FINDINGS;
  return { name, ok: findings.length === 0, findings: findings.slice(0, MAX_FINDINGS), ...(truncated ? { truncated } : {}) };
}

/** The account a finding is about, as an operator finds it. */
const accountOf = (row: AccountRow): Finding => ({
  account_id: row.account_id,
  currency: row.currency,
  kind: row.kind,
  ...(row.kind === 'system' ? { code: row.code } : { user_id: row.user_id }),
});

async function checkCurrencies(db: Reader): Promise<CheckReport> {
  const findings: Finding[] = [];
  for (const row of await currencyTotals(db)) {
    if (BigInt(row.balances) !== 0n) {
      findings.push({ currency: row.currency, problem: "the accounts' balances do not sum to zero", expected: '0', actual: row.balances });
    }
    if (BigInt(row.entries) !== 0n) {
      findings.push({ currency: row.currency, problem: 'the entries do not sum to zero', expected: '0', actual: row.entries });
    }
  }
  return listed('currencies_sum_to_zero', findings);
}

async function checkBalances(db: Reader): Promise<CheckReport> {
  const findings: Finding[] = [];
  for (const row of await accountMismatches(db, MAX_FINDINGS + 1)) {
    if (row.balance !== row.entries) {
      findings.push({ ...accountOf(row), problem: 'the balance is not the sum of its entries', expected: row.entries, actual: row.balance });
    }
    if (row.pending_debits !== row.pending_transfers) {
      findings.push({
        ...accountOf(row),
        problem: 'the reserved funds (pending_debits) are not the sum of its pending transfers',
        expected: row.pending_transfers,
        actual: row.pending_debits,
      });
    }
  }
  return listed('balances_match_entries', findings);
}

async function checkTransfers(db: Reader): Promise<CheckReport> {
  const findings = (await transferMovementFaults(db, MAX_FINDINGS + 1)).map((row): Finding => {
    const posted = row.status === 'posted';
    return {
      transfer_id: row.transfer_id,
      reference: row.reference,
      kind: row.kind,
      currency: row.currency,
      status: row.status,
      amount: row.amount,
      problem: posted
        ? 'a posted transfer must have exactly two entries: its amount off its debit account and onto its credit account'
        : `a ${row.status} transfer must have no entries`,
      expected: posted ? `2 entries, debit -${row.amount}, credit ${row.amount}` : '0 entries',
      actual: `${row.entries} entries, debit ${row.debited}, credit ${row.credited}`,
    };
  });
  return listed('transfers_move_once', findings);
}

/** What a payout's rows must say, given its outcome. */
function payoutExpectation(outcome: string | null): { finals: string; refunds: number; last: string | null; transfer: string; entries: number } {
  if (outcome === null) return { finals: '', refunds: 0, last: null, transfer: 'pending', entries: 0 };
  if (outcome === 'completed') return { finals: 'completed', refunds: 0, last: 'completed', transfer: 'posted', entries: 2 };
  return { finals: outcome, refunds: 1, last: 'refunded', transfer: 'voided', entries: 0 };
}

async function checkPayouts(db: Reader): Promise<CheckReport> {
  const findings: Finding[] = [];
  for (const row of await payoutFaults(db, MAX_FINDINGS + 1)) {
    const want = payoutExpectation(row.outcome);
    const finals = row.finals ? row.finals.split(',') : [];
    const problems: string[] = [];
    if (finals.length > 1) problems.push(`its events hold ${finals.length} final states (${row.finals}), not one`);
    else if (row.finals !== want.finals) {
      problems.push(row.outcome === null ? `its events reached ${row.finals} but the payout has no outcome` : `its events' final state is ${row.finals || 'none'}, not its outcome ${row.outcome}`);
    }
    if (row.refunds !== want.refunds) problems.push(`it was refunded ${row.refunds} times, not ${want.refunds}`);
    if (want.last !== null && row.last_event !== want.last) problems.push(`its last event is ${row.last_event}, not ${want.last}`);
    if (row.transfer_status !== want.transfer || row.transfer_entries !== want.entries) {
      problems.push(`its transfer is ${row.transfer_status} with ${row.transfer_entries} entries, not ${want.transfer} with ${want.entries}`);
    }
    const fees = row.fees ? row.fees.split(',') : [];
    if (fees.length > 1) problems.push(`it has ${fees.length} fee transfers, not at most one`);
    if (fees.some((status) => status !== row.transfer_status)) problems.push(`its fee transfer is ${row.fees} while its transfer is ${row.transfer_status}`);
    findings.push({
      payout_id: row.payout_id,
      reference: row.reference,
      outcome: row.outcome,
      problem: problems.join('; ') || 'its events and its ledger movement disagree',
      expected: `final events [${want.finals}], ${want.refunds} refunds, transfer ${want.transfer} with ${want.entries} entries`,
      actual: `final events [${row.finals}], ${row.refunds} refunds, last event ${row.last_event ?? 'none'}, transfer ${row.transfer_status} with ${row.transfer_entries} entries, fees [${row.fees}]`,
    });
  }
  return listed('payouts_settle_once', findings);
}

async function checkBounds(db: Reader): Promise<CheckReport> {
  const findings: Finding[] = [];
  const present = new Set((await systemAccounts(db)).map((a) => `${a.code}:${a.currency}`));
  for (const code of Object.keys(SYSTEM_ACCOUNT_SIGNS)) {
    for (const currency of CURRENCIES) {
      if (!present.has(`${code}:${currency}`)) findings.push({ code, currency, kind: 'system', problem: 'the system account is missing', expected: 'present', actual: 'absent' });
    }
  }
  for (const row of await boundsFaults(db, SYSTEM_ACCOUNT_SIGNS, MAX_BALANCE_MINOR, MAX_FINDINGS + 1)) {
    const balance = BigInt(row.balance);
    const reserved = BigInt(row.pending_debits);
    const account = accountOf(row);
    if (row.kind === 'customer') {
      if (balance < 0n) findings.push({ ...account, problem: 'a customer wallet is below zero', expected: '>= 0', actual: row.balance });
      else if (balance - reserved < 0n) {
        findings.push({ ...account, problem: 'a customer wallet reserves more than its balance', expected: `available >= 0 (balance ${row.balance})`, actual: `reserved ${row.pending_debits}` });
      }
      if (balance > BigInt(row.max_balance)) findings.push({ ...account, problem: 'a customer wallet is above its ceiling', expected: `<= ${row.max_balance}`, actual: row.balance });
      continue;
    }
    const sign = SYSTEM_ACCOUNT_SIGNS[row.code as SystemAccountCode] ?? 'any';
    if (sign === 'at_most_zero' && balance > 0n) findings.push({ ...account, problem: `${row.code} is only ever debited`, expected: '<= 0', actual: row.balance });
    if (sign === 'at_least_zero' && balance < 0n) findings.push({ ...account, problem: `${row.code} is only ever credited`, expected: '>= 0', actual: row.balance });
    if (reserved !== 0n) findings.push({ ...account, problem: 'a system account reserves funds (no pending transfer debits one)', expected: '0', actual: row.pending_debits });
  }
  return listed('accounts_within_bounds', findings);
}

/**
 * Reconciles the books: every check over one snapshot of the database (a read-only, repeatable-read
 * transaction, so money moving meanwhile cannot show as a difference). Writes nothing.
 */
export async function reconcile(db: Db): Promise<ReconciliationReport> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const checks: CheckReport[] = [];
      // One at a time: a transaction is one connection.
      for (const check of [checkCurrencies, checkBalances, checkTransfers, checkPayouts, checkBounds]) checks.push(await check(trx));
      return { ok: checks.every((c) => c.ok), checked_at: new Date().toISOString(), checks };
    });
}

/** This process, as a claim names it. */
export const processName = (): string => `${hostname()}:${process.pid}`;

/** A claimed day not finished within this long is taken over by another process (the first one died). */
export const RECONCILE_LEASE_MS = 30 * 60_000;

export type DailyRun = { day: string; ran: false } | { day: string; ran: true; report: ReconciliationReport };

/**
 * The daily reconciliation: today's (UTC, the database's clock) runs once per database, by the
 * process that claims the day (reconciliations, migration 0019); the others find it claimed and do
 * nothing. The report is stored with the day.
 */
export async function runDailyReconciliation(db: Db, claimedBy = processName(), leaseMs = RECONCILE_LEASE_MS): Promise<DailyRun> {
  const day = await today(db);
  if (!(await claimDay(db, day, claimedBy, leaseMs))) return { day, ran: false };
  const report = await reconcile(db);
  await finishDay(db, day, claimedBy, report.ok, report);
  return { day, ran: true, report };
}
