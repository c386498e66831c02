/**
 * The big-history data set (bench/history.ts): a consistent ledger written straight into
 * PostgreSQL with set-based SQL (generate_series, INSERT … SELECT), one step at a time. Each step
 * adds new verified customers and their year of ledger items; nothing of an earlier step changes
 * but the system accounts' balances, so the same database grows 50k → 500k → 5M items.
 *
 * What a step writes, all through the tables' own constraints, foreign keys and triggers (nothing
 * is disabled):
 * - customers: verified (e-mail, phone, identity, PIN), a CAD and an NGN ledger account, CAD
 *   deposit details and an activated naira wallet;
 * - their transfers (the ledger items), in time order (ids follow created_at): Interac and bank
 *   deposits, transfers between customers, conversions (two linked legs), Interac and NIP payouts
 *   with their fee (posted, pending, failed and cancelled, each with its payouts row and timeline),
 *   bill payments; each customer wallet opens with a deposit large enough that its balance never
 *   goes below zero (nor below what pending payouts reserve);
 * - the entries of every posted transfer (debit and credit, each with its account's balance after
 *   it, in the order the money moved), and the accounts' balances and reserved funds: a balance is
 *   the sum of its entries.
 * Special customers: each step's "big" customer (2% of the step's cumulative size as CAD
 * history lines, e.g. 100,000 at 5M, all within the past year), and the first step's "statement"
 * customer, whose CAD wallet has exactly STATEMENT_ROWS statement rows over the last 365 days
 * (posted entries and refunded payouts), none before but its opening deposit.
 *
 * Each step is one transaction: a failed step leaves the database as the previous step left it.
 */
import { createHmac } from 'node:crypto';
import type pg from 'pg';

/** The PIN of every seeded customer, hashed with HISTORY_PIN_SECRET as the app hashes it (modules/auth/pin.ts). */
export const SEED_PIN = '1234';
export const SEED_PIN_SECRET = 'kudi-history-bench-pin-secret-of-the-seeded-customers';
/** NGN per 1 CAD of the seeded conversions. */
const RATE = 1100;

export interface SeedStep {
  /** 1, 2, 3…: names the step's customers. */
  step: number;
  /** Ledger items (transfers) after this step. */
  totalItems: number;
  /** Customers after this step. */
  totalCustomers: number;
  /** CAD history lines of this step's big customer. */
  bigLines: number;
  /** The statement customer's CAD statement rows (first step only; 0: none). */
  statementRows: number;
}

export interface SeededCustomer {
  role: 'big' | 'statement';
  step: number;
  userId: string;
  email: string;
  /** The customer's CAD history lines (all types). */
  cadLines: number;
}

const log = (line: string) => console.log(`… ${line}`);

async function timed<T>(client: pg.Client, label: string, text: string, values?: unknown[]): Promise<pg.QueryResult> {
  const started = Date.now();
  const result = await client.query(text, values);
  log(`  ${label}: ${result.rowCount ?? 0} rows, ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result as pg.QueryResult & T;
}

/**
 * Event mixes: per cycle of events, how many of each kind. A big customer's cycle makes 100 CAD
 * history lines (payouts count twice: the payout and its fee); a regular customer's makes 136
 * transfers; the statement customer's makes 100 statement rows.
 */
const BIG_CYCLE: [string, number][] = [
  ['dep_cad', 35], ['wt_cad_out', 10], ['wt_cad_in', 10], ['conv_cn', 5], ['conv_nc', 3], ['pay_cad', 12], ['bill_cad', 13],
];
const STATEMENT_CYCLE: [string, number][] = [
  ['dep_cad', 40], ['wt_cad_out', 10], ['wt_cad_in', 10], ['conv_cn', 5], ['pay_cad_done', 8], ['pay_cad_failed', 1], ['bill_cad', 17],
];
const REGULAR_CYCLE: [string, number][] = [
  ['dep_cad', 25], ['dep_ngn', 10], ['wt_cad_out', 12], ['wt_ngn_out', 3], ['conv_cn', 8], ['conv_nc', 2],
  ['pay_cad', 14], ['pay_ngn', 12], ['bill_cad', 8], ['bill_ngn', 6],
];
/** Transfers per event of each kind (a conversion has two legs, a payout its fee). */
const TRANSFERS: Record<string, number> = {
  dep_cad: 1, dep_ngn: 1, wt_cad_out: 1, wt_cad_in: 1, wt_ngn_out: 1, conv_cn: 2, conv_nc: 2,
  pay_cad: 2, pay_ngn: 2, pay_cad_done: 2, pay_cad_failed: 2, bill_cad: 1, bill_ngn: 1,
};
/** CAD history lines of the big customer per event. */
const BIG_CAD_LINES: Record<string, number> = { dep_cad: 1, wt_cad_out: 1, wt_cad_in: 1, conv_cn: 1, conv_nc: 1, pay_cad: 2, bill_cad: 1 };

/** A SQL CASE choosing the event kind from position `i` in a repeating cycle. */
function cycleCase(cycle: [string, number][], i: string): { sql: string; length: number } {
  const length = cycle.reduce((sum, [, n]) => sum + n, 0);
  let upTo = 0;
  const whens = cycle.map(([kind, n]) => {
    upTo += n;
    return `when ${i} % ${length} < ${upTo} then '${kind}'`;
  });
  return { sql: `case ${whens.join(' ')} end`, length };
}

/** Events (and then transfers) of one cycle-driven customer: how many cycles, and the remainder as CAD deposits. */
function plan(cycle: [string, number][], perEvent: Record<string, number>, target: number) {
  const eventsPerCycle = cycle.reduce((sum, [, n]) => sum + n, 0);
  const unitsPerCycle = cycle.reduce((sum, [kind, n]) => sum + n * perEvent[kind], 0);
  const cycles = Math.floor(target / unitsPerCycle);
  return { events: cycles * eventsPerCycle, extraDeposits: target - cycles * unitsPerCycle };
}

/** Transfers an event list of a cycle makes. */
function transfersOf(cycle: [string, number][], events: number, extraDeposits: number): number {
  const eventsPerCycle = cycle.reduce((sum, [, n]) => sum + n, 0);
  const perCycle = cycle.reduce((sum, [kind, n]) => sum + n * TRANSFERS[kind], 0);
  return (events / eventsPerCycle) * perCycle + extraDeposits;
}

export async function seedStep(client: pg.Client, s: SeedStep): Promise<SeededCustomer[]> {
  const before = await client.query<{ items: string; customers: string }>(
    `select (select count(*) from ledger_transfers) as items, (select count(*) from users) as customers`,
  );
  const items0 = Number(before.rows[0].items);
  const customers0 = Number(before.rows[0].customers);
  const newCustomers = s.totalCustomers - customers0;
  const newItems = s.totalItems - items0;
  if (newCustomers < 3 || newItems <= 0) throw new Error(`Step ${s.step}: nothing to add (${items0} items, ${customers0} customers now)`);
  const hasStatement = s.statementRows > 0;
  const regulars = newCustomers - 1 - (hasStatement ? 1 : 0);

  // Transfers of the special customers and the openings (two per customer), then the regulars' share.
  const big = plan(BIG_CYCLE, BIG_CAD_LINES, s.bigLines - 1);
  const bigTransfers = transfersOf(BIG_CYCLE, big.events, big.extraDeposits);
  const statementRowsPer: Record<string, number> = { ...TRANSFERS, conv_cn: 1 };
  const stmt = hasStatement ? plan(STATEMENT_CYCLE, statementRowsPer, s.statementRows) : { events: 0, extraDeposits: 0 };
  const stmtTransfers = hasStatement ? transfersOf(STATEMENT_CYCLE, stmt.events, stmt.extraDeposits) : 0;
  const openings = 2 * newCustomers;
  const regular = plan(REGULAR_CYCLE, TRANSFERS, newItems - bigTransfers - stmtTransfers - openings);
  if (regular.events < 0) throw new Error(`Step ${s.step}: ${newItems} items cannot hold the special customers`);
  log(`step ${s.step}: +${newCustomers} customers, +${newItems} items (big customer ${s.bigLines} CAD lines${hasStatement ? `, statement customer ${s.statementRows} rows` : ''})`);

  await client.query('begin');
  try {
    await client.query(`set local work_mem = '256MB'`);
    await client.query(`set local max_parallel_workers_per_gather = 0`);
    // Repeatable random figures (one backend, plans without parallel workers).
    await client.query(`select setseed($1)`, [s.step / 100]);

    // Customers: n = 1 the big one, n = 2 (first step) the statement one, the rest regular.
    await timed(client, 'customers', `
      create temporary table seed_cust on commit drop as
      select n, ${customers0} + n as g, gen_random_uuid() as user_id,
        case when n = 1 then 'big' when n = 2 and $1 then 'statement' else 'regular' end as role,
        (array['Ada','Bola','Chidi','Dayo','Emeka','Funke','Gbenga','Halima','Ife','Jide'])[1 + n % 10] as first_name,
        'Customer' || (${customers0} + n) as last_name
      from generate_series(1, $2::int) n`, [hasStatement, newCustomers]);
    await client.query(`alter table seed_cust add primary key (n)`);
    await timed(client, 'users', `
      insert into users (id, email, email_lower, password_hash, first_name, last_name, dob, nationality, country_of_residence,
        address, phone_number, is_email_verified, is_phone_verified, is_identity_verified, created_at, updated_at)
      select user_id, 'history-' || g || '@bench.example', 'history-' || g || '@bench.example',
        -- Not a hash of any password: these customers sign in with tokens made by the bench.
        '$argon2id$v=19$m=19456,t=2,p=1$c2VlZGVkLWN1c3RvbWVy$seededcustomerwithoutpasswordhashxxxxxxxxxx',
        first_name, last_name, date '1990-01-15', 'NG', 'CA', g || ' Bench Street, Toronto',
        '+1416' || lpad(g::text, 7, '0'), true, true, true, now() - interval '400 days', now() - interval '400 days'
      from seed_cust order by n`);
    // PIN hashes as the app makes them (HMAC, keyed by the bench's PIN secret).
    const ids = (await client.query<{ user_id: string }>('select user_id from seed_cust order by n')).rows.map((r) => r.user_id);
    const pins = ids.map((id) => createHmac('sha256', SEED_PIN_SECRET).update(`${id}:${SEED_PIN}`).digest('base64url'));
    await timed(client, 'PINs', `update users u set pin_hash = p.h from unnest($1::uuid[], $2::text[]) as p(id, h) where u.id = p.id`, [ids, pins]);
    await timed(client, 'accounts', `
      insert into ledger_accounts (currency, kind, user_id, created_at)
      select c, 'customer', user_id, now() - interval '400 days' from seed_cust, unnest(array['CAD','NGN']) c order by n, c`);
    await client.query(`alter table seed_cust add column cad bigint, add column ngn bigint`);
    await client.query(`
      update seed_cust s set cad = a.id from ledger_accounts a where a.user_id = s.user_id and a.currency = 'CAD';
      update seed_cust s set ngn = a.id from ledger_accounts a where a.user_id = s.user_id and a.currency = 'NGN';
      analyze seed_cust`);
    await timed(client, 'CAD wallets', `
      insert into cad_wallets (user_id, deposit_email, security_question, security_answer)
      select user_id, lower(first_name || last_name) || '.' || substr(md5(user_id::text), 1, 8) || '@pay.kudi.example',
        'What is the payment for?', 'maple' || (100 + g % 900)
      from seed_cust`);
    await timed(client, 'naira wallets', `
      insert into naira_wallets (user_id, is_wallet_activated, bank_name, bank_code, account_name, account_number, tx_ref,
        bvn_hash, bvn_last4, gender, activated_at)
      select user_id, true, 'Kudi Partner Microfinance Bank', '090999', first_name || ' ' || last_name,
        '8' || lpad(g::text, 9, '0'), 'HISTORY-' || g, md5('bvn' || user_id), lpad((g % 10000)::text, 4, '0'),
        case when g % 2 = 0 then 'female' else 'male' end, now() - interval '399 days'
      from seed_cust`);

    // Events: (customer n, counterparty n, kind, time, amount, payout outcome), each kind's amounts
    // in minor units; a transfer "in" is one from a regular customer to the special one.
    const bigCycle = cycleCase(BIG_CYCLE, 'i');
    const stmtCycle = cycleCase(STATEMENT_CYCLE, 'i');
    const regCycle = cycleCase(REGULAR_CYCLE, 'i');
    const firstRegular = hasStatement ? 3 : 2;
    const lastRegular = firstRegular + regulars - 1;
    const randomRegular = `${firstRegular} + floor(random() * ${regulars})::int`;
    const outcome = `(array['completed','failed','cancelled','pending'])[
      case when random() < 0.88 then 1 when random() < 0.5 then 2 when random() < 0.5 then 3 else 4 end]`;
    await timed(client, 'events', `
      create temporary table seed_ev on commit drop as
      with raw as (
        -- The big customer: its year, newest a day ago.
        select 1 as n, ${randomRegular} as other, ${bigCycle.sql} as kind, now() - interval '1 day' - random() * interval '363 days' as at
          from generate_series(0, $1::int - 1) i
        union all select 1, ${randomRegular}, 'dep_cad', now() - interval '1 day' - random() * interval '363 days'
          from generate_series(1, $2::int)
        -- The statement customer: the last 360 days (its period is the last 365).
        union all select 2, ${randomRegular}, ${stmtCycle.sql}, now() - interval '1 day' - random() * interval '359 days'
          from generate_series(0, $3::int - 1) i
        union all select 2, ${randomRegular}, 'dep_cad', now() - interval '1 day' - random() * interval '359 days'
          from generate_series(1, $4::int)
        -- Regular customers: any time of the past year.
        union all select ${randomRegular}, ${randomRegular}, ${regCycle.sql}, now() - random() * interval '365 days'
          from generate_series(0, $5::int - 1) i
        union all select ${randomRegular}, ${randomRegular}, 'dep_cad', now() - random() * interval '365 days'
          from generate_series(1, $6::int)
      ), paired as (
        -- A transfer between customers needs two of them.
        select n, case when other <> n then other when other < ${lastRegular} then other + 1 else ${firstRegular} end as other, kind, at
        from raw
      ), swapped as (
        select case when kind = 'wt_cad_in' then other else n end as n, case when kind = 'wt_cad_in' then n else other end as other,
          case when kind = 'wt_cad_in' then 'wt_cad_out' else kind end as kind, kind as planned, at
        from paired
      ), decided as (
        select n, other, case when planned like 'pay_cad_%' then 'pay_cad' else kind end as kind, at,
          case kind
            when 'dep_cad' then 2000 + floor(random() * 148000)
            when 'dep_ngn' then 500000 + floor(random() * 49500000)
            when 'wt_cad_out' then 500 + floor(random() * 29500)
            when 'wt_ngn_out' then 100000 + floor(random() * 4900000)
            when 'conv_cn' then 1000 + floor(random() * 49000)
            when 'conv_nc' then 100000 + floor(random() * 4900000)
            when 'bill_cad' then 1000 + floor(random() * 29000)
            when 'bill_ngn' then 100000 + floor(random() * 1900000)
            when 'pay_ngn' then 500000 + floor(random() * 19500000)
            else 2000 + floor(random() * 98000) end::bigint as amount,
          case planned when 'pay_cad_done' then 'completed' when 'pay_cad_failed' then 'failed'
            when 'pay_cad' then ${outcome} when 'pay_ngn' then ${outcome} end as outcome
        from swapped
      )
      select row_number() over () as ev, n, other, kind,
        -- Payouts still on their way were sent in the last hour (the big customer's a day ago).
        case when outcome is distinct from 'pending' then at when n = 1 then now() - interval '1 day' + random() * interval '1 hour'
          else now() - random() * interval '1 hour' end as at,
        amount, outcome
      from decided`,
    [big.events, big.extraDeposits, stmt.events, stmt.extraDeposits, regular.events, regular.extraDeposits]);
    // Openings: a deposit into each wallet before its first item; its amount is decided below.
    await client.query(`
      insert into seed_ev (ev, n, other, kind, at, amount)
      select (select max(ev) from seed_ev) + row_number() over (), n, null, 'open_' || c, case role
          when 'big' then now() - interval '364 days' - interval '1 hour' - (c = 'ngn')::int * interval '1 minute'
          else now() - interval '366 days' - (g % 1000) * interval '1 minute' - (c = 'ngn')::int * interval '1 second' end, 0
      from seed_cust, unnest(array['cad','ngn']) c;
      analyze seed_ev`);

    // Transfers (sub 0; sub 1: a conversion's second leg or a payout's fee) with their accounts,
    // statuses and times: a payout is sent after its 30 s hold and settles 2 minutes later, when
    // its money moves (posted) or is released (voided); a cancelled one is voided in its hold.
    await timed(client, 'staged transfers', `
      create temporary table seed_t0 on commit drop as
      with sys as (
        select max(id) filter (where code = 'deposits_clearing' and currency = 'CAD') as dep_cad,
               max(id) filter (where code = 'deposits_clearing' and currency = 'NGN') as dep_ngn,
               max(id) filter (where code = 'payouts_clearing' and currency = 'CAD') as pay_cad,
               max(id) filter (where code = 'payouts_clearing' and currency = 'NGN') as pay_ngn,
               max(id) filter (where code = 'fx_liquidity' and currency = 'CAD') as fx_cad,
               max(id) filter (where code = 'fx_liquidity' and currency = 'NGN') as fx_ngn,
               max(id) filter (where code = 'bills_clearing' and currency = 'CAD') as bill_cad,
               max(id) filter (where code = 'bills_clearing' and currency = 'NGN') as bill_ngn,
               max(id) filter (where code = 'fees' and currency = 'CAD') as fee_cad,
               max(id) filter (where code = 'fees' and currency = 'NGN') as fee_ngn
        from ledger_accounts where kind = 'system'
      ), ev as (
        select e.*, c.cad, c.ngn, c.first_name || ' ' || c.last_name as name,
          o.cad as other_cad, o.ngn as other_ngn, o.first_name || ' ' || o.last_name as other_name
        from seed_ev e join seed_cust c on c.n = e.n left join seed_cust o on o.n = e.other
      ), legs as (
        select ev.ev, 0 as sub, ev.kind as ev_kind, ev.at, ev.outcome, x.* from ev, sys, lateral (values
          (case ev.kind when 'dep_cad' then 'deposit' when 'open_cad' then 'deposit' when 'dep_ngn' then 'deposit' when 'open_ngn' then 'deposit'
             when 'wt_cad_out' then 'wallet_transfer' when 'wt_ngn_out' then 'wallet_transfer'
             when 'conv_cn' then 'conversion' when 'conv_nc' then 'conversion' when 'bill_cad' then 'bill' when 'bill_ngn' then 'bill'
             else 'withdrawal' end,
           case when ev.kind in ('dep_ngn','open_ngn','wt_ngn_out','conv_nc','bill_ngn','pay_ngn') then 'NGN' else 'CAD' end,
           case ev.kind when 'dep_cad' then sys.dep_cad when 'open_cad' then sys.dep_cad when 'dep_ngn' then sys.dep_ngn when 'open_ngn' then sys.dep_ngn
             when 'wt_cad_out' then ev.cad when 'wt_ngn_out' then ev.ngn when 'conv_cn' then ev.cad when 'conv_nc' then ev.ngn
             when 'bill_cad' then ev.cad when 'bill_ngn' then ev.ngn when 'pay_cad' then ev.cad else ev.ngn end,
           case ev.kind when 'dep_cad' then ev.cad when 'open_cad' then ev.cad when 'dep_ngn' then ev.ngn when 'open_ngn' then ev.ngn
             when 'wt_cad_out' then ev.other_cad when 'wt_ngn_out' then ev.other_ngn when 'conv_cn' then sys.fx_cad when 'conv_nc' then sys.fx_ngn
             when 'bill_cad' then sys.bill_cad when 'bill_ngn' then sys.bill_ngn when 'pay_cad' then sys.pay_cad else sys.pay_ngn end,
           ev.amount,
           case
             when ev.kind in ('dep_cad', 'open_cad') then jsonb_build_object('sender_name', 'Sender ' || (ev.ev % 997), 'description', 'Interac e-Transfer')
             when ev.kind in ('dep_ngn', 'open_ngn') then jsonb_build_object('sender_name', 'Sender ' || (ev.ev % 997), 'bank_name', 'Lagos Bank',
               'account_number', lpad((ev.ev % 10000000000)::text, 10, '0'), 'description', 'Bank transfer')
             when ev.kind like 'wt_%' then jsonb_build_object('sender_name', ev.name, 'recipient_name', ev.other_name, 'description', 'Wallet transfer')
             when ev.kind = 'conv_cn' then jsonb_build_object('rate', '1,100.00', 'description', 'Converted to NGN')
             when ev.kind = 'conv_nc' then jsonb_build_object('rate', '1,100.00', 'description', 'Converted to CAD')
             when ev.kind like 'bill_%' then jsonb_build_object('recipient_name', 'Hydro One', 'account_number', lpad((ev.ev % 100000000)::text, 8, '0'),
               'description', 'Electricity')
             when ev.kind = 'pay_cad' then jsonb_build_object('recipient_name', 'Payee ' || (ev.ev % 991), 'description', 'Rent')
             else jsonb_build_object('recipient_name', 'Payee ' || (ev.ev % 991), 'bank_name', 'Lagos Bank',
               'account_number', lpad((ev.ev % 10000000000)::text, 10, '0'), 'description', 'Family support') end,
           case when ev.kind in ('dep_cad', 'open_cad') then 'interac' when ev.kind in ('dep_ngn', 'open_ngn') then 'nip' end)
        ) as x(kind, currency, debit, credit, amount, metadata, provider)
        union all
        select ev.ev, 1, ev.kind, ev.at, ev.outcome, x.* from ev, sys, lateral (values
          (case when ev.kind like 'conv_%' then 'conversion' else 'fee' end,
           case when ev.kind in ('conv_cn', 'pay_ngn') then 'NGN' else 'CAD' end,
           case ev.kind when 'conv_cn' then sys.fx_ngn when 'conv_nc' then sys.fx_cad when 'pay_cad' then ev.cad else ev.ngn end,
           case ev.kind when 'conv_cn' then ev.ngn when 'conv_nc' then ev.cad when 'pay_cad' then sys.fee_cad else sys.fee_ngn end,
           case ev.kind when 'conv_cn' then ev.amount * ${RATE} when 'conv_nc' then greatest(1, ev.amount / ${RATE}) when 'pay_cad' then 150 else 5000 end::bigint,
           case when ev.kind = 'conv_cn' then jsonb_build_object('rate', '1,100.00', 'description', 'Converted from CAD')
             when ev.kind = 'conv_nc' then jsonb_build_object('rate', '1,100.00', 'description', 'Converted from NGN') end,
           null::text)
        ) as x(kind, currency, debit, credit, amount, metadata, provider)
        where ev.kind in ('conv_cn', 'conv_nc', 'pay_cad', 'pay_ngn')
      )
      select legs.*,
        case outcome when 'pending' then 'pending' when 'failed' then 'voided' when 'cancelled' then 'voided' else 'posted' end as status,
        case when outcome is null then at when outcome = 'completed' then at + interval '150 seconds' end as posted_at,
        case outcome when 'failed' then at + interval '150 seconds' when 'cancelled' then at + interval '20 seconds' end as voided_at
      from legs`);

    // Opening deposits: enough that each wallet's balance after every entry, and what it can
    // spend at the end (balance less pending payouts), stay at least a small float.
    await timed(client, 'opening amounts', `
      create temporary table seed_open on commit drop as
      with wallets as (select cad as account from seed_cust union all select ngn from seed_cust),
      moves as (
        select debit as account, coalesce(posted_at, at) as at, ev, sub, -amount as delta, status from seed_t0
        union all select credit, coalesce(posted_at, at), ev, sub, amount, status from seed_t0
      ), running as (
        select account, status, delta,
          sum(case when status = 'posted' then delta else 0 end) over (partition by account order by at, ev, sub rows unbounded preceding) as run
        from moves join wallets using (account)
      )
      select account, greatest(-least(min(run), 0),
          sum(case when status = 'pending' and delta < 0 then -delta else 0 end) - sum(case when status = 'posted' then delta else 0 end),
          0) as amount
      from running group by account`);

    // Ids in time order after the existing ones; references from the ids (a fee names its payout's).
    const base = await client.query<{ t: string; e: string }>(`
      select (select coalesce(max(id), 0) from ledger_transfers) as t, (select coalesce(max(id), 0) from ledger_entries) as e`);
    const reference = (id: string) => `'KD' || upper(substr(md5('kudi-history-' || (${id})), 1, 16))`;
    await timed(client, 'ids', `
      create temporary table seed_t on commit drop as
      with numbered as (
        select t.*, $1::bigint + row_number() over (order by at, ev, sub) as id,
          case when t.ev_kind like 'open_%' then o.amount + case when t.currency = 'CAD' then 10000 else 5000000 end end as opening
        from seed_t0 t left join seed_open o on t.ev_kind like 'open_%' and o.account = t.credit
      )
      select id, ev, sub, at, outcome, kind, currency, debit, credit, coalesce(opening, amount) as amount, status, posted_at, voided_at, provider,
        ${reference('id')} as reference,
        -- The second leg comes right after the first (same time and event).
        case when sub = 1 then id - 1 end as linked_id,
        case when kind = 'fee' then jsonb_build_object('description', 'Fee for ' || ${reference('id - 1')}) else coalesce(metadata, '{}') end as metadata
      from numbered`, [base.rows[0].t]);
    await client.query('analyze seed_t');

    // The transfers, in chunks (each statement's foreign-key checks are queued in memory).
    const range = await client.query<{ lo: string; hi: string }>('select min(id) as lo, max(id) as hi from seed_t');
    const lo = Number(range.rows[0].lo);
    const hi = Number(range.rows[0].hi);
    const CHUNK = 250_000;
    const started = Date.now();
    for (let from = lo; from <= hi; from += CHUNK) {
      await client.query(`
        insert into ledger_transfers (id, reference, debit_account_id, credit_account_id, amount, currency, status, kind, linked_id,
          provider, external_ref, metadata, created_at, posted_at, voided_at)
        select id, reference, debit, credit, amount, currency, status, kind, linked_id,
          provider, case when provider is not null then 'HIST-' || id end, metadata, at, posted_at, voided_at
        from seed_t where id between $1 and $2 order by id`, [from, Math.min(hi, from + CHUNK - 1)]);
    }
    log(`  transfers: ${hi - lo + 1} rows, ${((Date.now() - started) / 1000).toFixed(1)} s`);

    // Entries of the posted transfers, in the order their money moved, each with the balance after it.
    await timed(client, 'staged entries', `
      create temporary table seed_e on commit drop as
      with moves as (
        select id as transfer_id, debit as account_id, -amount as amount, posted_at, 0 as side from seed_t where status = 'posted'
        union all select id, credit, amount, posted_at, 1 from seed_t where status = 'posted'
      ), ordered as (
        select *, $1::bigint + row_number() over (order by posted_at, transfer_id, side) as id from moves
      )
      select o.id, o.transfer_id, o.account_id, o.amount, o.posted_at,
        a.balance + sum(o.amount) over (partition by o.account_id order by o.id rows unbounded preceding) as balance_after
      from ordered o join ledger_accounts a on a.id = o.account_id`, [base.rows[0].e]);
    const erange = await client.query<{ lo: string; hi: string }>('select min(id) as lo, max(id) as hi from seed_e');
    const elo = Number(erange.rows[0].lo);
    const ehi = Number(erange.rows[0].hi);
    const estarted = Date.now();
    for (let from = elo; from <= ehi; from += CHUNK) {
      await client.query(`
        insert into ledger_entries (id, transfer_id, account_id, amount, balance_after, created_at)
        select id, transfer_id, account_id, amount, balance_after, posted_at from seed_e where id between $1 and $2 order by id`,
      [from, Math.min(ehi, from + CHUNK - 1)]);
    }
    log(`  entries: ${ehi - elo + 1} rows, ${((Date.now() - estarted) / 1000).toFixed(1)} s`);

    // Balances (the sum of the entries) and funds reserved by pending payouts and their fees.
    await timed(client, 'balances', `
      with moved as (select account_id, sum(amount) as delta from seed_e group by account_id),
      reserved as (select debit as account_id, sum(amount) as amount from seed_t where status = 'pending' group by debit),
      touched as (select account_id from moved union select account_id from reserved)
      update ledger_accounts a set balance = a.balance + coalesce(m.delta, 0), pending_debits = a.pending_debits + coalesce(r.amount, 0)
      from touched t left join moved m using (account_id) left join reserved r using (account_id)
      where a.id = t.account_id`);

    // Payouts and their timelines (as payouts.service writes them).
    await timed(client, 'payouts', `
      insert into payouts (transfer_id, reference, rail, destination, bank_code, settle_after, attempts, outcome, failure_reason,
        created_at, settled_at, handed_at)
      select t.id, t.reference, case when t.currency = 'CAD' then 'interac' else 'nip' end,
        case when t.currency = 'CAD' then 'payee' || (t.ev % 991) || '@example.com' else lpad((t.ev % 10000000000)::text, 10, '0') end,
        case when t.currency = 'NGN' then '058' end,
        t.at + interval '150 seconds', case when t.outcome = 'cancelled' then 0 else 1 end,
        case when t.outcome <> 'pending' then t.outcome end,
        case when t.outcome = 'failed' then 'Recipient account closed' end,
        t.at, coalesce(t.posted_at, t.voided_at),
        case when t.outcome <> 'cancelled' then t.at + interval '30 seconds' end
      from seed_t t where t.kind = 'withdrawal' order by t.id`);
    await timed(client, 'payout events', `
      insert into payout_events (transfer_id, status, note, at)
      select p.transfer_id, e.status, e.note, e.at
      from payouts p join seed_t t on t.id = p.transfer_id
      cross join lateral (values
        (1, 'created', null, p.created_at),
        (2, case when p.handed_at is not null then 'sent' end,
          case when p.rail = 'nip' then 'Sent to the bank' else 'Sent by Interac e-Transfer' end, p.handed_at),
        (3, p.outcome, case when p.outcome = 'cancelled' then 'Cancelled by you' else p.failure_reason end, p.settled_at),
        (4, case when p.outcome in ('failed', 'cancelled') then 'refunded' end, 'Refunded to your wallet', p.settled_at)
      ) as e(k, status, note, at)
      where e.status is not null
      order by p.transfer_id, e.k`);
    await client.query(`
      select setval('ledger_transfers_id_seq', (select max(id) from ledger_transfers));
      select setval('ledger_entries_id_seq', (select max(id) from ledger_entries))`);

    const specials = await client.query<{ role: 'big' | 'statement'; user_id: string; g: string; lines: string }>(`
      select c.role, c.user_id, c.g,
        (select count(*) from seed_t t where t.debit = c.cad or t.credit = c.cad) as lines
      from seed_cust c where c.role <> 'regular' order by c.n`);
    const count = await client.query<{ n: string }>('select count(*) as n from ledger_transfers');
    if (Number(count.rows[0].n) !== s.totalItems) throw new Error(`Step ${s.step}: ${count.rows[0].n} items, not ${s.totalItems}`);
    await client.query('commit');
    return specials.rows.map((r) => ({
      role: r.role, step: s.step, userId: r.user_id, email: `history-${r.g}@bench.example`, cadLines: Number(r.lines),
    }));
  } catch (err) {
    await client.query('rollback');
    throw err;
  }
}

/**
 * Checks the ledger the steps wrote: every balance is the sum of its entries and its last entry's
 * balance after; the balances of each currency sum to zero; no customer can spend below zero; each
 * posted transfer has its two entries and no other has any. Throws on the first disagreement.
 */
export async function checkLedger(client: pg.Client): Promise<void> {
  const checks: [string, string][] = [
    ['balances equal the sum of their entries', `
      select count(*) as bad from ledger_accounts a
      left join (select account_id, sum(amount) as total from ledger_entries group by account_id) e on e.account_id = a.id
      where a.balance <> coalesce(e.total, 0)`],
    ['each balance is its last entry\'s balance after', `
      select count(*) as bad from ledger_accounts a
      join lateral (select balance_after from ledger_entries e where e.account_id = a.id order by e.id desc limit 1) l on true
      where l.balance_after <> a.balance`],
    ['the balances of each currency sum to zero', `
      select count(*) as bad from (select currency, sum(balance) as total from ledger_accounts group by currency) s where total <> 0`],
    ['posted transfers have two entries, others none', `
      select count(*) as bad from ledger_transfers t
      left join (select transfer_id, count(*) as n from ledger_entries group by transfer_id) e on e.transfer_id = t.id
      where coalesce(e.n, 0) <> case when t.status = 'posted' then 2 else 0 end`],
    ['reserved funds are the pending transfers debiting the account', `
      select count(*) as bad from ledger_accounts a
      left join (select debit_account_id, sum(amount) as total from ledger_transfers where status = 'pending' group by debit_account_id) p
        on p.debit_account_id = a.id
      where a.kind = 'customer' and a.pending_debits <> coalesce(p.total, 0)`],
    ['no customer balance after an entry is below zero', `
      select count(*) as bad from ledger_entries e join ledger_accounts a on a.id = e.account_id
      where a.kind = 'customer' and e.balance_after < 0`],
  ];
  for (const [name, text] of checks) {
    const started = Date.now();
    const { rows } = await client.query<{ bad: string }>(text);
    if (Number(rows[0].bad) !== 0) throw new Error(`Ledger check failed: ${name} (${rows[0].bad} rows)`);
    log(`  check: ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
}
