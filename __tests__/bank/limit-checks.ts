/**
 * The sending limits after the run (spec-next §B), from the database and through the API:
 * - every counted send is recomputed from its ledger row alone: its amount in CAD minor units (NGN
 *   at the run's mid rate, rounded up) and its day (the date of its moment in the sender's time
 *   zone of then); a payout's recorded count (`payouts.limit_minor`, `limit_day`) is the same;
 * - (a) no counted send is over its sender's per-transfer limit, no day's usage over the day limit,
 *   no 30-day window's over the 30-day limit (each tier its own);
 * - (b) each customer's `limit_usage` bucket of a day is the sum of what their sends of that day
 *   count for, posted or pending (a failed or cancelled payout gave its count back);
 * - (c) every 403 is one of the three limit texts, with the tier's per-transfer limit or an amount
 *   left that is less than the send and that the ledger's sends of that day (or 30 days) explain,
 *   and moved nothing; a send over the per-transfer limit is never acknowledged, one within it is
 *   never refused as over it; a conversion or deposit is never refused over a limit;
 * - GET /limits shows each customer their tier, the table, and today's and the 30 days' usage as
 *   the ledger has it.
 */
import type { Db } from '../../src/server/db/database';
import { query, type CheckResult } from './checks';
import type { BankCustomer } from './customers';
import { dataOf, type Http } from './http';
import { cadMinorOf, dayNumber, formatLimit, localDay, parseLimitRefusal, zoneAt, type LimitKind, type LimitTable } from './limits';
import { COUNTED, majorToMinor, outcomeOf, toMajor, type Op } from './workload';

/** Per customer (index), per day: what their sends count for (CAD minor units). */
export type Usage = Map<number, Map<string, bigint>>;

interface CountedRow {
  reference: string;
  kind: 'wallet_transfer' | 'withdrawal' | 'bill';
  status: 'pending' | 'posted' | 'voided';
  amount: unknown;
  currency: 'CAD' | 'NGN';
  at_us: unknown;
  user_id: string;
  outcome: string | null;
  limit_day: string | null;
  limit_minor: unknown;
}

const big = (value: unknown): bigint => (typeof value === 'bigint' ? value : BigInt(String(value ?? 0)));
const add = (usage: Usage, index: number, day: string, amount: bigint) => {
  let days = usage.get(index);
  if (!days) usage.set(index, (days = new Map()));
  days.set(day, (days.get(day) ?? 0n) + amount);
};
/** The sum of a customer's days in the 30-day window ending on `day` (from `day` - 29 to `day`), or only before it. */
const window30 = (days: Map<string, bigint> | undefined, day: string, beforeOnly = false): bigint => {
  let sum = 0n;
  const end = dayNumber(day);
  for (const [d, amount] of days ?? []) {
    const n = dayNumber(d);
    if (n > end - 30 && (beforeOnly ? n < end : n <= end)) sum += amount;
  }
  return sum;
};

const OP_KIND_ROW: Record<string, CountedRow['kind']> = { transfer: 'wallet_transfer', interac: 'withdrawal', nip: 'withdrawal' };

export interface LimitCheckResult extends CheckResult {
  /** What the ledger says each customer's days count for now (posted or pending sends). */
  usage: Usage;
}

export async function checkLimits(db: Db, runId: string, customers: BankCustomer[], ops: Op[], table: LimitTable, midRate: string): Promise<LimitCheckResult> {
  const violations: string[] = [];
  const v = (text: string) => violations.push(text);
  const byEmail = new Map(customers.map((c) => [c.email, c]));

  const users = await query<{ id: string; email: string; tier: string; timezone: string | null }>(
    db,
    `select id, email, tier, timezone from users where email like 'bank-${runId}-%'`,
  );
  const customerOf = new Map<string, BankCustomer>();
  for (const u of users) {
    const c = byEmail.get(u.email);
    if (!c) continue;
    customerOf.set(u.id, c);
    if (u.tier !== c.tier) v(`${c.email} is ${u.tier} in the database, not ${c.tier}`);
    const zone = c.zones[c.zones.length - 1]?.zone ?? null;
    if (u.timezone !== zone) v(`${c.email}'s time zone is ${u.timezone} in the database, not ${zone}`);
  }

  // --- What the server counted: the day buckets.
  const buckets: Usage = new Map();
  for (const row of await query<{ user_id: string; day: string; used_minor: unknown }>(
    db,
    `select l.user_id, to_char(l.day, 'YYYY-MM-DD') as day, l.used_minor
       from limit_usage l join users u on u.id = l.user_id where u.email like 'bank-${runId}-%'`,
  )) {
    const c = customerOf.get(row.user_id);
    if (c) add(buckets, c.index, row.day, big(row.used_minor));
  }

  // --- What the ledger says was counted: every outgoing send, recomputed from its row.
  const rows = await query<CountedRow>(
    db,
    `select t.reference, t.kind, t.status, t.amount, t.currency, (extract(epoch from t.created_at) * 1000000)::bigint as at_us,
            a.user_id, p.outcome, to_char(p.limit_day, 'YYYY-MM-DD') as limit_day, p.limit_minor
       from ledger_transfers t
       join ledger_accounts a on a.id = t.debit_account_id
       join users u on u.id = a.user_id
       left join payouts p on p.transfer_id = t.id
      where t.kind in ('wallet_transfer', 'withdrawal', 'bill') and u.email like 'bank-${runId}-%'`,
  );
  /** Posted or pending: what the buckets must hold now. */
  const live: Usage = new Map();
  /** Every send ever counted, given back or not: what a refusal's "used" may at most be explained by. */
  const ever: Usage = new Map();
  const rowOf = new Map<string, CountedRow & { day: string; counted: bigint }>();
  let givenBack = 0;
  for (const row of rows) {
    const c = customerOf.get(row.user_id);
    if (!c) continue;
    const limits = table[c.tier];
    const amount = big(row.amount);
    const counted = cadMinorOf(row.currency, amount, midRate);
    const ms = Number(big(row.at_us) / 1000n);
    const day = localDay(ms, zoneAt(c.zones, ms));
    const label = `${c.email} (${c.tier}): ${row.kind} ${row.reference} of ${toMajor(amount)} ${row.currency} (${row.status}) on ${day}`;
    rowOf.set(`${c.index}:${row.currency}:${amount}:${row.kind}`, { ...row, day, counted });
    if (counted > limits.perTransfer) v(`${label} counts ${toMajor(counted)}, over the per-transfer limit of ${toMajor(limits.perTransfer)}`);
    if (row.kind === 'withdrawal') {
      if (row.limit_minor === null || big(row.limit_minor) !== counted || row.limit_day !== day) {
        v(`${label}: its payout was counted as ${row.limit_minor === null ? 'nothing' : toMajor(big(row.limit_minor))} on ${row.limit_day}, not ${toMajor(counted)} on ${day}`);
      }
    }
    add(ever, c.index, day, counted);
    // A failed or cancelled payout gave its count back; nothing else is ever voided.
    if (row.kind === 'withdrawal' && row.status === 'voided') givenBack += 1;
    else add(live, c.index, day, counted);
  }

  // --- (b) the buckets are the ledger's sums; (a) within the day and 30-day limits.
  let bucketCount = 0;
  for (const c of customers) {
    const limits = table[c.tier];
    const mine = buckets.get(c.index) ?? new Map<string, bigint>();
    const ledger = live.get(c.index) ?? new Map<string, bigint>();
    for (const day of new Set([...mine.keys(), ...ledger.keys()])) {
      bucketCount += 1;
      const counted = mine.get(day) ?? 0n;
      const sum = ledger.get(day) ?? 0n;
      if (counted !== sum) v(`${c.email} (${c.tier}): limit usage of ${day} is ${toMajor(counted)} but their sends of that day count for ${toMajor(sum)}`);
      for (const [what, days] of [['limit usage', mine], ['the ledger', ledger]] as const) {
        const today = days.get(day) ?? 0n;
        if (today > limits.perDay) v(`${c.email} (${c.tier}): ${what} of ${day} is ${toMajor(today)}, over the day limit of ${toMajor(limits.perDay)}`);
        const month = window30(days, day);
        if (month > limits.per30Days) v(`${c.email} (${c.tier}): ${what} of the 30 days to ${day} is ${toMajor(month)}, over the 30-day limit of ${toMajor(limits.per30Days)}`);
      }
    }
  }

  // --- (c) every answer of a counted send agrees with the limits.
  const refused: Record<LimitKind, number> = { per_transfer: 0, day: 0, '30_days': 0 };
  const refusedByTier: Record<string, number> = { Basic: 0, Plus: 0 };
  for (const op of ops) {
    const c = customers[op.actor];
    const limits = table[c.tier];
    const label = `op ${op.id} (${op.kind} ${toMajor(op.amountMinor)} ${op.currency} by ${c.email}, ${c.tier}, answers ${op.sends.map((s) => s.status || 'lost').join('/')})`;
    const forbidden = op.sends.filter((s) => s.status === 403);
    if (!COUNTED.includes(op.kind)) {
      for (const s of forbidden) v(`${label}: refused with 403 "${s.message}" (${op.kind === 'convert' ? 'conversions between own wallets are not counted' : 'not a send'})`);
      continue;
    }
    const counted = cadMinorOf(op.currency, op.amountMinor, midRate);
    const row = rowOf.get(`${op.actor}:${op.currency}:${op.amountMinor}:${OP_KIND_ROW[op.kind]}`);
    const outcome = outcomeOf(op);
    if (outcome === 'ok' && counted > limits.perTransfer) v(`${label}: acknowledged though it counts ${toMajor(counted)}, over the per-transfer limit`);
    if (forbidden.length > 0 && outcome === 'ok') v(`${label}: answered both 200 and 403`);
    if (forbidden.length > 0 && row) v(`${label}: refused with 403 but in the ledger as ${row.reference}`);
    // Acknowledged: its send is in the ledger, so the sums above count it (or its payout gave it back).
    if (outcome === 'ok' && !row) v(`${label}: acknowledged but no send of it is in the ledger to count`);
    const kinds = new Set<LimitKind>();
    for (const s of forbidden) {
      const refusal = parseLimitRefusal(s.message);
      if (!refusal) {
        v(`${label}: answered 403 "${s.message}", not a limit text`);
        continue;
      }
      kinds.add(refusal.kind);
      const said = `refused "${s.message}"`;
      if (refusal.kind === 'per_transfer') {
        if (refusal.amount !== limits.perTransfer) v(`${label}: ${said}, but the ${c.tier} per-transfer limit is ${formatLimit(limits.perTransfer)}`);
        if (counted <= limits.perTransfer) v(`${label}: ${said}, but it counts ${toMajor(counted)}, within the per-transfer limit`);
        continue;
      }
      if (counted > limits.perTransfer) v(`${label}: ${said}, but it counts ${toMajor(counted)}, over the per-transfer limit (that refusal comes first)`);
      if (refusal.amount >= counted) v(`${label}: ${said}, but it counts only ${toMajor(counted)}`);
      // The server's day was the date of a moment between the send and its answer.
      const days = [...new Set([s.sentAt, s.at].map((ms) => localDay(ms, zoneAt(c.zones, ms))))];
      const ever30 = ever.get(op.actor);
      if (refusal.kind === 'day') {
        if (refusal.amount > limits.perDay) v(`${label}: ${said}, more than the day limit of ${formatLimit(limits.perDay)}`);
        // What was used that day: every send of it counted in the ledger, even one given back since.
        const used = limits.perDay - refusal.amount;
        if (!days.some((day) => (ever30?.get(day) ?? 0n) >= used)) {
          v(`${label}: ${said}, i.e. ${toMajor(used)} used, but the sends of ${days.join('/')} count for ${days.map((d) => toMajor(ever30?.get(d) ?? 0n)).join('/')}`);
        }
      } else {
        if (refusal.amount > limits.per30Days) v(`${label}: ${said}, more than the 30-day limit of ${formatLimit(limits.per30Days)}`);
        const used = limits.per30Days - refusal.amount;
        if (!days.some((day) => window30(ever30, day) >= used)) {
          v(`${label}: ${said}, i.e. ${toMajor(used)} used, but the sends of the 30 days to ${days.join('/')} count for ${days.map((d) => toMajor(window30(ever30, d))).join('/')}`);
        }
        // The 30-day limit binds before the day's only when the earlier days used more than their difference.
        if (!days.some((day) => window30(ever30, day, true) > limits.per30Days - limits.perDay)) {
          v(`${label}: ${said}, but the days before ${days.join('/')} count for ${days.map((d) => toMajor(window30(ever30, d, true))).join('/')}, within the difference of the 30-day and day limits`);
        }
      }
    }
    if (!op.setup) for (const kind of kinds) refused[kind] += 1;
    if (!op.setup && kinds.size > 0) refusedByTier[c.tier] += 1;
  }

  const sends = ops.filter((op) => !op.setup && COUNTED.includes(op.kind)).length;
  const limited = ops.filter((op) => !op.setup && op.sends.some((s) => s.status === 403)).length;
  return {
    violations,
    usage: live,
    notes: [
      `limits: ${limited} of ${sends} sends refused over a limit (per-transfer ${refused.per_transfer}, day ${refused.day}, 30-day ${refused['30_days']}; ` +
        `Basic ${refusedByTier.Basic}, Plus ${refusedByTier.Plus}); ` +
        `${rows.length} counted sends in the ledger (${givenBack} given back), ${bucketCount} customer-days of usage`,
    ],
  };
}

/** GET /limits of each customer: their tier, the table, and today's and the 30 days' usage as the ledger has it. */
export async function checkLimitsThroughApi(http: Http, customers: BankCustomer[], table: LimitTable, usage: Usage): Promise<CheckResult> {
  const violations: string[] = [];
  for (const c of customers) {
    const zone = c.zones[c.zones.length - 1]?.zone ?? 'UTC';
    const before = localDay(Date.now(), zone);
    const res = await http.call('/api/limits', { token: c.token });
    const today = localDay(Date.now(), zone);
    if (res.status !== 200) {
      violations.push(`${c.email}: GET /limits answered ${res.status}`);
      continue;
    }
    const data = dataOf<Record<string, unknown>>(res);
    const limits = table[c.tier];
    const days = usage.get(c.index);
    const usedToday = days?.get(today) ?? 0n;
    const used30 = window30(days, today);
    const expected: Record<string, bigint> = {
      per_transfer: limits.perTransfer,
      per_day: limits.perDay,
      per_30_days: limits.per30Days,
      ...(before === today
        ? {
            used_today: usedToday,
            remaining_today: limits.perDay > usedToday ? limits.perDay - usedToday : 0n,
            used_30_days: used30,
            remaining_30_days: limits.per30Days > used30 ? limits.per30Days - used30 : 0n,
          }
        : {}),
    };
    const wrong = Object.entries(expected)
      .filter(([field, minor]) => majorToMinor(data[field]) !== minor)
      .map(([field, minor]) => `${field} ${String(data[field])} (expected ${toMajor(minor)})`);
    if (data.tier !== c.tier) wrong.unshift(`tier ${String(data.tier)} (expected ${c.tier})`);
    if (wrong.length > 0) violations.push(`${c.email}: GET /limits shows ${wrong.join(', ')}`);
  }
  return { violations, notes: [] };
}
