/**
 * The sending limits after the run (spec-next §B), from the database and through the API. A day is
 * the customer's day in the zone they had at a moment, from its midnight; 30 days from the
 * midnight 29 days before that; the server counts sends in quarters of an hour of UTC and reads a
 * window from the quarter its first midnight falls in (migration 0023), and also counts a send
 * while its own day (or 30 days) lasts in the zone it was made in (migration 0026).
 * - every counted send is recomputed from its ledger row alone: its amount in CAD minor units (NGN
 *   at the run's mid rate, rounded up) and its quarter of an hour (of its moment); a payout's
 *   recorded count (`payouts.limit_minor`, `limit_bucket`) is the same;
 * - (a) no counted send is over its sender's per-transfer limit; when each send was counted, the
 *   sends counted before it (a sender's sends are counted one at a time under their user row's
 *   lock, so in the order of their transfer ids) and still standing, with it, were within the day
 *   and 30-day limits of the windows of its moment (each tier its own);
 * - (b) each customer's `limit_usage` bucket is the sum of what their sends of that quarter of an
 *   hour count for, posted or pending (a failed or cancelled payout gave its count back);
 * - (c) every 403 is one of the three limit texts, with the tier's per-transfer limit or an amount
 *   left that is less than the send and that the ledger's sends of the window explain, and moved
 *   nothing; a send over the per-transfer limit is never acknowledged, one within it is never
 *   refused as over it; a conversion or deposit is never refused over a limit;
 * - GET /limits shows each customer their tier, the table, and today's and the 30 days' usage as
 *   the ledger has it.
 */
import type { Db } from '../../src/server/db/database';
import { query, type CheckResult } from './checks';
import type { BankCustomer } from './customers';
import { dataOf, type Http } from './http';
import { bucketOf, cadMinorOf, dayStartMs, formatLimit, localDay, parseLimitRefusal, shiftDay, windowStarts, zoneAt, type LimitKind, type LimitTable } from './limits';
import { COUNTED, majorToMinor, outcomeOf, toMajor, type Op } from './workload';

/**
 * A counted send: its transfer id, moment, quarter of an hour, what it counts for (CAD minor
 * units), and when its own day and 30 days end in the zone it was made in.
 */
export interface CountedSend {
  id: bigint;
  atMs: number;
  bucketMs: number;
  amount: bigint;
  dayEndsMs: number;
  days30EndMs: number;
}

/** A send of a customer at a moment, with the ends of its own day and 30 days in the zone of that moment. */
function countedSend(c: BankCustomer, id: bigint, atMs: number, amount: bigint): CountedSend {
  const zone = zoneAt(c.zones, atMs);
  const day = localDay(atMs, zone);
  return { id, atMs, bucketMs: bucketOf(atMs), amount, dayEndsMs: dayStartMs(zone, shiftDay(day, 1)), days30EndMs: dayStartMs(zone, shiftDay(day, 30)) };
}

/** Per customer (index): their counted sends, in the order they were counted (transfer id). */
export type Usage = Map<number, CountedSend[]>;

interface CountedRow {
  id: unknown;
  reference: string;
  kind: 'wallet_transfer' | 'withdrawal' | 'bill';
  status: 'pending' | 'posted' | 'voided';
  amount: unknown;
  currency: 'CAD' | 'NGN';
  at_us: unknown;
  user_id: string;
  outcome: string | null;
  limit_bucket_ms: unknown;
  limit_minor: unknown;
}

const big = (value: unknown): bigint => (typeof value === 'bigint' ? value : BigInt(String(value ?? 0)));
const add = (usage: Usage, index: number, send: CountedSend) => {
  let sends = usage.get(index);
  if (!sends) usage.set(index, (sends = []));
  sends.push(send);
};
/** A moment's windows: today's and the 30 days' first quarters in the zone of then. */
interface Windows {
  ms: number;
  dayFrom: number;
  from30: number;
}

/**
 * What the sends count for today and in the 30 days at a moment: a send counts from its window's
 * first quarter in the zone of the moment, or while its own day (30 days) lasts (migration 0026).
 * `upToId`: only sends counted up to that one; `untilMs`: only sends made by then.
 */
const countsAt = (sends: CountedSend[] | undefined, at: Windows, bound: { upToId?: bigint; untilMs?: number } = {}): { today: bigint; days30: bigint } => {
  let today = 0n;
  let days30 = 0n;
  for (const s of sends ?? []) {
    if (bound.upToId !== undefined && s.id > bound.upToId) continue;
    if (bound.untilMs !== undefined && s.atMs > bound.untilMs) continue;
    if (s.bucketMs >= at.dayFrom || s.dayEndsMs > at.ms) today += s.amount;
    if (s.bucketMs >= at.from30 || s.days30EndMs > at.ms) days30 += s.amount;
  }
  return { today, days30 };
};
const when = (ms: number) => new Date(ms).toISOString();

const OP_KIND_ROW: Record<string, CountedRow['kind']> = { transfer: 'wallet_transfer', interac: 'withdrawal', nip: 'withdrawal' };

export interface LimitCheckResult extends CheckResult {
  /** What the ledger says each customer's sends count for now (posted or pending sends). */
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

  // --- What the server counted: the buckets (quarters of an hour).
  const buckets = new Map<number, Map<number, bigint>>();
  for (const row of await query<{ user_id: string; bucket_ms: unknown; used_minor: unknown }>(
    db,
    `select l.user_id, (extract(epoch from l.bucket) * 1000)::bigint as bucket_ms, l.used_minor
       from limit_usage l join users u on u.id = l.user_id where u.email like 'bank-${runId}-%'`,
  )) {
    const c = customerOf.get(row.user_id);
    if (!c) continue;
    let mine = buckets.get(c.index);
    if (!mine) buckets.set(c.index, (mine = new Map()));
    mine.set(Number(big(row.bucket_ms)), big(row.used_minor));
  }

  // --- What the ledger says was counted: every outgoing send, recomputed from its row.
  const rows = await query<CountedRow>(
    db,
    `select t.id, t.reference, t.kind, t.status, t.amount, t.currency, (extract(epoch from t.created_at) * 1000000)::bigint as at_us,
            a.user_id, p.outcome, (extract(epoch from p.limit_bucket) * 1000)::bigint as limit_bucket_ms, p.limit_minor
       from ledger_transfers t
       join ledger_accounts a on a.id = t.debit_account_id
       join users u on u.id = a.user_id
       left join payouts p on p.transfer_id = t.id
      where t.kind in ('wallet_transfer', 'withdrawal', 'bill') and u.email like 'bank-${runId}-%'
      order by t.id`,
  );
  /** Posted or pending: what the buckets must hold now. */
  const live: Usage = new Map();
  /** Every send ever counted, given back or not: what a refusal's "used" may at most be explained by. */
  const ever: Usage = new Map();
  const rowOf = new Map<string, CountedRow>();
  let givenBack = 0;
  for (const row of rows) {
    const c = customerOf.get(row.user_id);
    if (!c) continue;
    const limits = table[c.tier];
    const amount = big(row.amount);
    const counted = cadMinorOf(row.currency, amount, midRate);
    const atMs = Number(big(row.at_us) / 1000n);
    const send = countedSend(c, big(row.id), atMs, counted);
    const label = `${c.email} (${c.tier}): ${row.kind} ${row.reference} of ${toMajor(amount)} ${row.currency} (${row.status}) at ${when(atMs)}`;
    rowOf.set(`${c.index}:${row.currency}:${amount}:${row.kind}`, row);
    if (counted > limits.perTransfer) v(`${label} counts ${toMajor(counted)}, over the per-transfer limit of ${toMajor(limits.perTransfer)}`);
    if (row.kind === 'withdrawal') {
      const bucketMs = row.limit_bucket_ms === null ? null : Number(big(row.limit_bucket_ms));
      if (row.limit_minor === null || big(row.limit_minor) !== counted || bucketMs !== send.bucketMs) {
        v(`${label}: its payout was counted as ${row.limit_minor === null ? 'nothing' : toMajor(big(row.limit_minor))} in ${bucketMs === null ? '-' : when(bucketMs)}, not ${toMajor(counted)} in ${when(send.bucketMs)}`);
      }
    }
    add(ever, c.index, send);
    // A failed or cancelled payout gave its count back; nothing else is ever voided.
    if (row.kind === 'withdrawal' && row.status === 'voided') givenBack += 1;
    else add(live, c.index, send);
  }

  // --- (b) the buckets are the ledger's sums; (a) each send within the day and 30-day limits when counted.
  let bucketCount = 0;
  for (const c of customers) {
    const limits = table[c.tier];
    const mine = buckets.get(c.index) ?? new Map<number, bigint>();
    const sends = live.get(c.index) ?? [];
    const ledger = new Map<number, bigint>();
    for (const s of sends) ledger.set(s.bucketMs, (ledger.get(s.bucketMs) ?? 0n) + s.amount);
    for (const bucket of new Set([...mine.keys(), ...ledger.keys()])) {
      bucketCount += 1;
      const counted = mine.get(bucket) ?? 0n;
      const sum = ledger.get(bucket) ?? 0n;
      if (counted !== sum) v(`${c.email} (${c.tier}): limit usage of ${when(bucket)} is ${toMajor(counted)} but their sends of that quarter hour count for ${toMajor(sum)}`);
    }
    for (const s of sends) {
      const zone = zoneAt(c.zones, s.atMs);
      const { day, dayFrom, from30 } = windowStarts(s.atMs, zone);
      const { today, days30: month } = countsAt(sends, { ms: s.atMs, dayFrom, from30 }, { upToId: s.id });
      if (today > limits.perDay) v(`${c.email} (${c.tier}): with its send at ${when(s.atMs)}, ${day} (${zone}) counts ${toMajor(today)}, over the day limit of ${toMajor(limits.perDay)}`);
      if (month > limits.per30Days) v(`${c.email} (${c.tier}): with its send at ${when(s.atMs)}, the 30 days to ${day} (${zone}) count ${toMajor(month)}, over the 30-day limit of ${toMajor(limits.per30Days)}`);
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
      // The server's windows were those of a moment between the send and its answer; what explains
      // its "used" is what was counted by then (given back since or not).
      const moments = [...new Set([s.sentAt, s.at])].map((ms) => ({ ms, zone: zoneAt(c.zones, ms), ...windowStarts(ms, zoneAt(c.zones, ms)) }));
      const days = moments.map((m) => `${m.day} (${m.zone})`).join('/');
      const ever30 = ever.get(op.actor);
      if (refusal.kind === 'day') {
        if (refusal.amount > limits.perDay) v(`${label}: ${said}, more than the day limit of ${formatLimit(limits.perDay)}`);
        const used = limits.perDay - refusal.amount;
        const counts = moments.map((m) => countsAt(ever30, m, { untilMs: s.at }).today);
        if (!counts.some((sum) => sum >= used)) v(`${label}: ${said}, i.e. ${toMajor(used)} used, but the sends of ${days} count for ${counts.map(toMajor).join('/')}`);
      } else {
        if (refusal.amount > limits.per30Days) v(`${label}: ${said}, more than the 30-day limit of ${formatLimit(limits.per30Days)}`);
        const used = limits.per30Days - refusal.amount;
        const counts = moments.map((m) => countsAt(ever30, m, { untilMs: s.at }).days30);
        if (!counts.some((sum) => sum >= used)) v(`${label}: ${said}, i.e. ${toMajor(used)} used, but the sends of the 30 days to ${days} count for ${counts.map(toMajor).join('/')}`);
        // The 30-day limit binds before the day's only when the earlier days used more than their difference.
        const before = moments.map((m) => {
          const counts = countsAt(ever30, m, { untilMs: s.at });
          return counts.days30 - counts.today;
        });
        if (!before.some((sum) => sum > limits.per30Days - limits.perDay)) {
          v(`${label}: ${said}, but the days before ${days} count for ${before.map(toMajor).join('/')}, within the difference of the 30-day and day limits`);
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
        `${rows.length} counted sends in the ledger (${givenBack} given back), ${bucketCount} quarter-hour buckets of usage`,
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
    const sends = usage.get(c.index);
    const now = Date.now();
    const { dayFrom, from30 } = windowStarts(now, zone);
    const { today: usedToday, days30: used30 } = countsAt(sends, { ms: now, dayFrom, from30 });
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
