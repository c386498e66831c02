/**
 * What must hold after the run, checked from the database and through the API:
 * - each currency's accounts sum to zero; no customer balance (or available balance) is negative;
 *   every account's balance is the sum of its entries and its reservations the sum of its
 *   pending transfers; every posted transfer has its two entries, others none;
 * - every acknowledged operation is in the ledger exactly once (with the reference its answer
 *   gave), every refused one is absent, every unacknowledged one is wholly there or wholly absent
 *   (a conversion's two legs, a payout's transfer and payout row, the idempotency record with the
 *   money it describes); no transfer on a test customer's wallet is left that no operation explains;
 * - no payout is pending once settlement has run, and each settled as its rail decides, or was
 *   cancelled by a cancel that answered 200 (or lost its answer); every cancel answered 200 or the
 *   exact 409, a 409 only for a payout handed to its rail (or cancelled by another cancel), at most
 *   one 200 per payout; every failed or cancelled payout was refunded exactly once (its transfer
 *   voided, no entries) and its timeline is whole and ends in one 'refunded';
 * - each customer's balance (wallet calls) equals the sum of their history (history call, every page);
 * - at the end, the reconciliation of the whole books (`npm run reconcile`'s modules/reconcile) finds nothing.
 * The sending limits are checked by limit-checks.ts.
 */
import { sql } from 'kysely';
import type { Db } from '../../src/server/db/database';
import { reconcile, type ReconciliationReport } from '../../src/server/modules/reconcile/reconcile.service';
import type { BankCustomer } from './customers';
import { dataOf, type Http } from './http';
import { CANNOT_CANCEL, majorToMinor, outcomeOf, toMajor, type Currency, type Op } from './workload';

interface AccountRow {
  id: bigint;
  currency: Currency;
  kind: 'customer' | 'system';
  code: string | null;
  user_id: string | null;
  balance: bigint;
  pending_debits: bigint;
}

interface TransferRow {
  id: bigint;
  reference: string;
  debit_account_id: bigint;
  credit_account_id: bigint;
  amount: bigint;
  currency: Currency;
  status: 'pending' | 'posted' | 'voided';
  kind: string;
  linked_id: bigint | null;
  provider: string | null;
  external_ref: string | null;
}

interface PayoutRow {
  transfer_id: bigint;
  reference: string;
  rail: string;
  destination: string;
  outcome: string | null;
  settled_at: Date | null;
  handed_at: Date | null;
}

/** The one whole timeline of a payout per outcome (payout_events, oldest first). */
const TIMELINES: Record<string, string> = {
  completed: 'created,sent,completed',
  failed: 'created,sent,failed,refunded',
  cancelled: 'created,cancelled,refunded',
};

export async function query<T>(db: Db, text: string): Promise<T[]> {
  const { rows } = await sql.raw<T>(text).execute(db);
  return rows;
}

const big = (value: unknown): bigint => (typeof value === 'bigint' ? value : BigInt(String(value ?? 0)));

/** Payouts not yet settled (the post-run wait polls this). */
export async function unsettledPayouts(db: Db): Promise<number> {
  const [row] = await query<{ n: unknown }>(db, 'select count(*) as n from payouts where settled_at is null');
  return Number(big(row.n));
}

export interface CheckResult {
  violations: string[];
  notes: string[];
}

export async function checkDatabase(db: Db, runId: string, customers: BankCustomer[], ops: Op[]): Promise<CheckResult> {
  const violations: string[] = [];
  const notes: string[] = [];
  const v = (text: string) => violations.push(text);

  // --- Whole ledger.
  const sums = await query<{ currency: string; total: unknown }>(db, 'select currency, sum(balance) as total from ledger_accounts group by currency');
  for (const row of sums) if (big(row.total) !== 0n) v(`${row.currency} accounts sum to ${big(row.total)}, not 0`);
  const accounts = (await query<AccountRow>(db, 'select id, currency, kind, code, user_id, balance, pending_debits from ledger_accounts')).map(
    (a) => ({ ...a, id: big(a.id), balance: big(a.balance), pending_debits: big(a.pending_debits) }),
  );
  for (const a of accounts) {
    if (a.kind === 'customer' && (a.balance < 0n || a.balance - a.pending_debits < 0n)) {
      v(`customer account ${a.id} (${a.currency}) is negative: balance ${a.balance}, reserved ${a.pending_debits}`);
    }
  }
  const entrySums = new Map(
    (await query<{ account_id: unknown; total: unknown }>(db, 'select account_id, sum(amount) as total from ledger_entries group by account_id')).map(
      (r) => [big(r.account_id), big(r.total)],
    ),
  );
  const pendingSums = new Map(
    (
      await query<{ account_id: unknown; total: unknown }>(
        db,
        "select debit_account_id as account_id, sum(amount) as total from ledger_transfers where status = 'pending' group by debit_account_id",
      )
    ).map((r) => [big(r.account_id), big(r.total)]),
  );
  for (const a of accounts) {
    const entries = entrySums.get(a.id) ?? 0n;
    if (entries !== a.balance) v(`account ${a.id} (${a.currency}) has balance ${a.balance} but its entries sum to ${entries}`);
    const pending = pendingSums.get(a.id) ?? 0n;
    if (pending !== a.pending_debits) v(`account ${a.id} (${a.currency}) reserves ${a.pending_debits} but its pending transfers total ${pending}`);
  }
  const badEntries = await query<{ id: unknown; status: string; n: unknown; s: unknown }>(
    db,
    `select t.id, t.status, count(e.id) as n, coalesce(sum(e.amount), 0) as s
       from ledger_transfers t left join ledger_entries e on e.transfer_id = t.id
      group by t.id, t.status
     having (t.status = 'posted' and (count(e.id) <> 2 or coalesce(sum(e.amount), 0) <> 0))
         or (t.status <> 'posted' and count(e.id) <> 0)`,
  );
  for (const row of badEntries) v(`transfer ${row.id} (${row.status}) has ${row.n} entries summing to ${row.s}`);

  // --- Payouts: none stuck, each settled as its rail decides.
  const payouts = (await query<PayoutRow>(db, 'select transfer_id, reference, rail, destination, outcome, settled_at, handed_at from payouts')).map((p) => ({
    ...p,
    transfer_id: big(p.transfer_id),
  }));
  const stuck = payouts.filter((p) => p.settled_at === null);
  if (stuck.length > 0) v(`${stuck.length} payouts are still pending after settlement ran (e.g. ${stuck.slice(0, 5).map((p) => p.reference).join(', ')})`);
  const payoutByTransfer = new Map(payouts.map((p) => [p.transfer_id, p]));

  // --- Timelines: each payout's steps, whole, in order, refunded exactly once when it failed or was cancelled.
  const timelines = new Map(
    (
      await query<{ transfer_id: unknown; steps: string }>(
        db,
        "select transfer_id, string_agg(status, ',' order by at, id) as steps from payout_events group by transfer_id",
      )
    ).map((row) => [big(row.transfer_id), row.steps]),
  );
  const payoutTransfers = new Map(
    (await query<{ id: unknown; status: string }>(db, "select id, status from ledger_transfers where kind = 'withdrawal'")).map((t) => [big(t.id), t.status]),
  );
  let refundedPayouts = 0;
  for (const p of payouts) {
    if (!p.outcome) continue;
    const steps = timelines.get(p.transfer_id) ?? '';
    if (steps !== TIMELINES[p.outcome]) v(`payout ${p.reference} ${p.outcome} but its timeline is [${steps}], not [${TIMELINES[p.outcome]}]`);
    const transferStatus = payoutTransfers.get(p.transfer_id);
    const expectedStatus = p.outcome === 'completed' ? 'posted' : 'voided';
    if (transferStatus !== expectedStatus) v(`payout ${p.reference} ${p.outcome} but its transfer is ${transferStatus}`);
    if (p.outcome === 'cancelled' && p.handed_at !== null) v(`payout ${p.reference} was cancelled after it was handed to its rail`);
    if (p.outcome !== 'completed') refundedPayouts += 1;
  }

  // --- This run's customers and their transfers.
  const users = await query<{ id: string; email: string }>(db, `select id, email from users where email like 'bank-${runId}-%'`);
  const userByEmail = new Map(users.map((u) => [u.email, u.id]));
  const accountOf = new Map<string, bigint>(); // `${index}:${currency}`
  const customerAccountIds = new Set<bigint>();
  for (const c of customers) {
    const userId = userByEmail.get(c.email);
    if (!userId) {
      v(`customer ${c.email} is not in the database`);
      continue;
    }
    for (const currency of ['CAD', 'NGN'] as const) {
      const account = accounts.find((a) => a.user_id === userId && a.currency === currency);
      if (!account) {
        v(`customer ${c.email} has no ${currency} account`);
        continue;
      }
      accountOf.set(`${c.index}:${currency}`, account.id);
      customerAccountIds.add(account.id);
    }
    c.accounts = { CAD: accountOf.get(`${c.index}:CAD`) ?? -1n, NGN: accountOf.get(`${c.index}:NGN`) ?? -1n };
  }
  const fx = new Map(accounts.filter((a) => a.code === 'fx_liquidity').map((a) => [a.currency, a.id]));
  const transfers = (
    await query<TransferRow>(
      db,
      'select id, reference, debit_account_id, credit_account_id, amount, currency, status, kind, linked_id, provider, external_ref from ledger_transfers',
    )
  )
    .map((t) => ({
      ...t,
      id: big(t.id),
      debit_account_id: big(t.debit_account_id),
      credit_account_id: big(t.credit_account_id),
      amount: big(t.amount),
      linked_id: t.linked_id === null ? null : big(t.linked_id),
    }))
    .filter((t) => customerAccountIds.has(t.debit_account_id) || customerAccountIds.has(t.credit_account_id));
  const byDebitAmount = new Map<string, TransferRow[]>();
  const byExternal = new Map<string, TransferRow[]>();
  const byLinked = new Map<bigint, TransferRow[]>();
  const push = <K>(map: Map<K, TransferRow[]>, key: K, t: TransferRow) => map.set(key, [...(map.get(key) ?? []), t]);
  for (const t of transfers) {
    push(byDebitAmount, `${t.debit_account_id}:${t.amount}`, t);
    if (t.external_ref) push(byExternal, `${t.provider}:${t.external_ref}`, t);
    if (t.linked_id !== null) push(byLinked, t.linked_id, t);
  }
  const claimed = new Map<bigint, number>();
  const claim = (op: Op, t: TransferRow) => {
    if (claimed.has(t.id)) v(`transfer ${t.reference} is claimed by operations ${claimed.get(t.id)} and ${op.id}`);
    claimed.set(t.id, op.id);
  };
  const keys = new Map(
    (
      await query<{ user_id: string; key: string; status: string; response_status: number | null }>(
        db,
        `select k.user_id, k.key, k.status, k.response_status from idempotency_keys k join users u on u.id = k.user_id where u.email like 'bank-${runId}-%'`,
      )
    ).map((k) => [
      `${k.user_id}:${k.key}`,
      // A finished request's answer is a success or a refusal (recorded too, so its replay answers the same).
      k.status === 'done' ? ((k.response_status ?? 200) < 400 ? 'done' : `refused (${k.response_status})`) : k.status,
    ]),
  );

  let recorded = 0;
  let unknownPresent = 0;
  let unknownAbsent = 0;
  for (const op of ops) {
    const outcome = outcomeOf(op);
    const actor = customers[op.actor];
    const debitAccount = accountOf.get(`${op.actor}:${op.currency}`);
    if (debitAccount === undefined) continue;
    const label = `op ${op.id} (${op.kind} ${toMajor(op.amountMinor)} ${op.currency}${op.setup ? ', set-up' : ''}${op.noKey ? ', no key' : ''}, ${outcome}, answers ${op.sends.map((s) => s.status || 'lost').join('/')})`;
    const answered = op.sends.filter((s) => s.status === 200 && s.reference).map((s) => s.reference);
    if (new Set(answered).size > 1) v(`${label}: its answers name different transfers: ${answered.join(', ')}`);

    // The transfers this operation made (any number: the checks below say how many there must be).
    let found: TransferRow[];
    let whole = true;
    if (op.kind === 'deposit') {
      const provider = op.currency === 'CAD' ? 'interac' : 'nip';
      found = byExternal.get(`${provider}:${op.key}`) ?? [];
      for (const t of found) {
        if (t.credit_account_id !== debitAccount || t.amount !== op.amountMinor || t.status !== 'posted' || t.kind !== 'deposit') {
          v(`${label}: deposit ${t.reference} credits account ${t.credit_account_id} with ${t.amount} (${t.status}), not ${op.amountMinor} to ${debitAccount}`);
        }
      }
    } else {
      found = (byDebitAmount.get(`${debitAccount}:${op.amountMinor}`) ?? []).filter((t) =>
        op.kind === 'transfer' ? t.kind === 'wallet_transfer' : op.kind === 'convert' ? t.kind === 'conversion' && t.linked_id === null : t.kind === 'withdrawal',
      );
      for (const t of found) {
        if (op.kind === 'transfer') {
          const to = accountOf.get(`${op.other}:${op.currency}`);
          if (t.credit_account_id !== to || t.status !== 'posted') v(`${label}: transfer ${t.reference} credits ${t.credit_account_id} (${t.status}), not ${to}`);
        } else if (op.kind === 'convert') {
          const target: Currency = op.currency === 'CAD' ? 'NGN' : 'CAD';
          const legs = byLinked.get(t.id) ?? [];
          if (t.credit_account_id !== fx.get(op.currency)) v(`${label}: conversion leg ${t.reference} does not credit the FX account`);
          if (legs.length !== 1) {
            whole = false;
            v(`${label}: conversion ${t.reference} has ${legs.length} second legs, not 1`);
          }
          for (const leg of legs) {
            claim(op, leg);
            if (leg.credit_account_id !== accountOf.get(`${op.actor}:${target}`) || leg.debit_account_id !== fx.get(target) || leg.status !== 'posted') {
              v(`${label}: conversion's second leg ${leg.reference} goes ${leg.debit_account_id}→${leg.credit_account_id}, not FX→own ${target}`);
            }
            const converted = op.sends.find((s) => s.converted !== undefined)?.converted;
            if (converted !== undefined && converted !== leg.amount) v(`${label}: answered ${converted} converted but the ledger credited ${leg.amount}`);
          }
        } else {
          const payout = payoutByTransfer.get(t.id);
          if (!payout) {
            whole = false;
            v(`${label}: withdrawal ${t.reference} has no payout row`);
            continue;
          }
          if (payout.destination !== op.destination) v(`${label}: payout ${payout.reference} goes to ${payout.destination}, not ${op.destination}`);
          const cancels = op.cancels ?? [];
          const cancelledOk = cancels.filter((c) => c.status === 200).length;
          const cancelLost = cancels.some((c) => c.status === 0);
          if (cancelledOk > 1) v(`${label}: payout ${payout.reference} answered 200 to ${cancelledOk} cancels`);
          if (payout.outcome === 'cancelled') {
            if (cancelledOk === 0 && !cancelLost) v(`${label}: payout ${payout.reference} is cancelled but no cancel answered 200`);
          } else if (payout.outcome) {
            const expected = op.railFails ? 'failed' : 'completed';
            if (payout.outcome !== expected) v(`${label}: payout ${payout.reference} ${payout.outcome}, but its rail decides ${expected}`);
            if (cancelledOk > 0) v(`${label}: a cancel of payout ${payout.reference} answered 200 but it ${payout.outcome}`);
          }
          if (payout.outcome) {
            const status = payout.outcome === 'completed' ? 'posted' : 'voided';
            if (t.status !== status) v(`${label}: payout ${payout.reference} ${payout.outcome} but its transfer is ${t.status}`);
          }
          // A cancel is refused only once the payout is with its rail (or another cancel won).
          if (cancels.some((c) => c.status === 409) && payout.handed_at === null && payout.outcome !== 'cancelled') {
            v(`${label}: a cancel of payout ${payout.reference} was refused while it was still in its hold`);
          }
          for (const c of cancels) {
            if (c.status === 409 && c.message !== CANNOT_CANCEL) v(`${label}: a cancel was refused with "${c.message}"`);
          }
          // A payout to a Kudi virtual account credits that customer once it completes.
          if (op.other !== undefined) {
            const credits = byExternal.get(`nip:${t.reference}-NIP`) ?? [];
            const expectedCredits = payout.outcome === 'completed' ? 1 : 0;
            if (credits.length !== expectedCredits) v(`${label}: payout ${t.reference} to a Kudi account made ${credits.length} credits, not ${expectedCredits}`);
            for (const credit of credits) {
              claim(op, credit);
              if (credit.credit_account_id !== accountOf.get(`${op.other}:NGN`) || credit.amount !== t.amount) {
                v(`${label}: the credit of payout ${t.reference} went to ${credit.credit_account_id} (${credit.amount})`);
              }
            }
          }
        }
      }
    }
    for (const t of found) claim(op, t);

    if (found.length > 1) v(`${label}: recorded ${found.length} times (${found.map((t) => t.reference).join(', ')})`);
    if (outcome === 'ok' && found.length === 0) v(`${label}: acknowledged but not in the ledger`);
    if (outcome === 'failed' && found.length > 0) v(`${label}: refused (${op.sends.map((s) => s.message).join(' / ')}) but in the ledger as ${found[0].reference}`);
    if (outcome === 'ok' && found.length === 1 && answered.length > 0 && answered[0] !== found[0].reference) {
      v(`${label}: answered reference ${answered[0]} but the ledger holds ${found[0].reference}`);
    }
    if (outcome === 'unknown') {
      if (found.length > 0) unknownPresent += 1;
      else unknownAbsent += 1;
    }
    if (found.length > 0) recorded += 1;
    if (!whole) v(`${label}: only partly recorded`);

    // The idempotency record is written with the money it describes: both or neither. A refusal
    // recorded under the key means the request moved nothing.
    if (op.kind !== 'deposit' && !op.noKey) {
      const userId = userByEmail.get(actor.email);
      const status = keys.get(`${userId}:${op.key}`);
      if (found.length > 0 && status !== 'done') v(`${label}: in the ledger but its Idempotency-Key is ${status ?? 'absent'}`);
      if (found.length === 0 && status === 'done') v(`${label}: its Idempotency-Key is recorded done but the ledger has no transfer`);
      if (outcome === 'ok' && status?.startsWith('refused')) v(`${label}: acknowledged but its Idempotency-Key holds a refusal`);
    }
  }
  const unexplained = transfers.filter((t) => !claimed.has(t.id));
  for (const t of unexplained.slice(0, 20)) {
    v(`transfer ${t.reference} (${t.kind} ${t.amount} ${t.currency}, ${t.debit_account_id}→${t.credit_account_id}, ${t.status}) is explained by no operation`);
  }
  if (unexplained.length > 20) v(`… and ${unexplained.length - 20} more unexplained transfers`);
  const byOutcome = (outcome: string) => payouts.filter((p) => p.outcome === outcome).length;
  notes.push(
    `ledger: ${transfers.length} transfers on test wallets, ${recorded} operations recorded; unacknowledged operations: ${unknownPresent} present, ${unknownAbsent} absent; ${payouts.length} payouts in the database (${byOutcome('completed')} completed, ${byOutcome('failed')} failed, ${byOutcome('cancelled')} cancelled; ${refundedPayouts} refunded once each)`,
  );
  return { violations, notes };
}

/**
 * Each customer's balance (wallet calls) equals the sum of their history, which lists exactly their
 * ledger transfers; each cancelled payout's detail (GET /transactions/{id}) says cancelled and
 * refunded, its timeline ending in one 'refunded'.
 */
export async function checkThroughApi(http: Http, db: Db, customers: BankCustomer[], ops: Op[], concurrency = 4): Promise<CheckResult> {
  const violations: string[] = [];
  let details = 0;
  for (const op of ops) {
    const reference = op.sends.find((s) => s.status === 200 && s.reference)?.reference;
    if (!reference || !op.cancels?.some((c) => c.status === 200)) continue;
    const res = await http.call(`/api/transactions/${reference}`, { token: customers[op.actor].token });
    details += 1;
    const data = dataOf<{ status?: string; refunded?: boolean; cancellable?: boolean; events?: { status: string }[] }>(res);
    const steps = (data.events ?? []).map((e) => e.status).join(',');
    if (res.status !== 200 || data.status !== 'cancelled' || data.refunded !== true || data.cancellable !== false || steps !== TIMELINES.cancelled) {
      violations.push(`op ${op.id}: the detail of cancelled payout ${reference} answered ${res.status} ${JSON.stringify(data)}`);
    }
  }
  let pages = 0;
  const tasks = customers.flatMap((c) => (['CAD', 'NGN'] as const).map((currency) => ({ c, currency })));
  const worker = async () => {
    for (let task = tasks.shift(); task; task = tasks.shift()) {
      const { c, currency } = task;
      const who = `${c.email} ${currency}`;
      const wallet = await http.call(currency === 'CAD' ? '/api/wallet/cad-wallet' : '/api/wallet/naira-wallet', { token: c.token });
      if (wallet.status !== 200) {
        violations.push(`${who}: wallet call answered ${wallet.status}`);
        continue;
      }
      const balance = majorToMinor(dataOf(wallet).balance);
      let sum = 0n;
      const seen = new Set<string>();
      let total = 0;
      for (let page = 1; ; page += 1) {
        const res = await http.call(`/api/wallet/transactions?currency=${currency}&page=${page}`, { token: c.token });
        pages += 1;
        if (res.status !== 200) {
          violations.push(`${who}: history page ${page} answered ${res.status}`);
          break;
        }
        const items = (res.body?.data ?? []) as Record<string, unknown>[];
        total = Number((res.body?.pagination as { total?: number } | undefined)?.total ?? 0);
        for (const item of items) {
          const id = String(item.id);
          if (seen.has(id)) violations.push(`${who}: history lists ${id} twice`);
          seen.add(id);
          const amount = majorToMinor(item.amount) ?? 0n;
          const incoming =
            item.transaction_type === 'DEPOSIT' || (item.transaction_type === 'WALLET TRANSACTION' && item.recieved_from != null);
          // A failed or cancelled payout moved nothing: its money is back (refunded).
          if (item.status === 'failed' || item.status === 'cancelled') {
            if (item.refunded !== true) violations.push(`${who}: history item ${id} is ${item.status} but not refunded`);
            continue;
          }
          if (incoming && item.status === 'completed') sum += amount;
          else if (!incoming) sum -= amount; // completed or pending (reserved) money out
          else violations.push(`${who}: history item ${id} is ${item.status} money in`);
        }
        if (items.length < 10 || page * 10 >= total) break;
      }
      if (seen.size !== total) violations.push(`${who}: history pages list ${seen.size} items but its total says ${total}`);
      if (balance !== sum) violations.push(`${who}: balance ${balance === undefined ? '?' : toMajor(balance)} but the history sums to ${toMajor(sum)}`);
      const accountId = c.accounts?.[currency];
      if (accountId !== undefined) {
        const [row] = await query<{ n: unknown }>(
          db,
          `select count(*) as n from ledger_transfers where debit_account_id = ${accountId} or credit_account_id = ${accountId}`,
        );
        if (Number(big(row.n)) !== seen.size) violations.push(`${who}: history lists ${seen.size} transactions, the ledger has ${big(row.n)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { violations, notes: [`api: ${customers.length * 2} wallets, ${pages} history pages read, ${details} cancelled payouts' details`] };
}

/**
 * The reconciliation (modules/reconcile, what `npm run reconcile` and the daily job run) over the
 * whole database: each finding is a violation, named as the report names it.
 */
export async function checkReconciliation(db: Db): Promise<CheckResult & { report: ReconciliationReport }> {
  const report = await reconcile(db);
  const violations = report.checks.flatMap((check) => [
    ...check.findings.map((finding) => `reconciliation ${check.name}: ${JSON.stringify(finding)}`),
    ...(check.truncated ? [`reconciliation ${check.name}: more findings than the report lists`] : []),
  ]);
  const summary = report.checks.map((check) => `${check.name} ${check.ok ? 'ok' : `${check.findings.length}${check.truncated ? '+' : ''} findings`}`).join(', ');
  return { violations, notes: [`reconciliation: ${report.ok ? 'the books balance' : 'DIFFERENCES FOUND'} (${summary})`], report };
}
