/**
 * The database handle (src/server/db/database.ts) at its edges. On PGlite, parameterised
 * statements go through our own prepared-statement layer (one protocol exchange per run) and
 * BEGIN/COMMIT/ROLLBACK as simple-protocol text, pipelined on PGlite's one connection (pglite-dialect.ts);
 * (on a PGlite of this thread, and in the worker thread the app runs it in, pglite-remote.ts);
 * on PostgreSQL (the suite's second run) through pg's pool with named statements. Either way a
 * caller sees the same: errors leave the connection usable, large results arrive whole, concurrent
 * callers never see each other's rows or transactions, values round-trip with the same JS types.
 */
import { sql } from 'kysely';
import { randomBytes } from 'node:crypto';
import { openDatabase, type DatabaseHandle, type Db } from '../../../src/server/db/database';
import { borrowWorkerPglite, PGLITE_WORKER_START_MS } from '../../support/test-app';
import { onPostgres as onPostgresAt } from '../../support/on-postgres';

const postgresUrl = process.env.KUDI_TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
const schema = `driver_${randomBytes(5).toString('hex')}`;

const onPostgres = (statements: string) => onPostgresAt(postgresUrl!, statements);

let handle: DatabaseHandle;
let db: Db;
let borrowed: Awaited<ReturnType<typeof borrowWorkerPglite>> = null;

/**
 * On PGlite both ways the app opens it: a PGlite of this thread (the tests lend one per Jest worker)
 * and the app's own, in a worker thread (every message a structured clone each way).
 */
const backends = postgresUrl ? ['postgres'] : ['lent', 'worker-thread'];

describe.each(backends)('%s', (backend) => {
  beforeAll(async () => {
    if (postgresUrl) {
      await onPostgres(`create schema ${schema}`);
      handle = await openDatabase({ dataDir: null, databaseUrl: postgresUrl, databaseSchema: schema });
    } else {
      // The Jest worker's PGlite (given back with the schema made here dropped), or the app's own
      // way: a new PGlite in a worker thread of its own (db/pglite-remote.ts). Either has one
      // connection: the search path set here is the one every statement below runs in.
      borrowed = backend === 'lent' ? await borrowWorkerPglite() : null;
      handle = await openDatabase({ dataDir: null, databaseUrl: null, databaseSchema: null }, borrowed ? { pglite: borrowed.pglite } : {});
      await sql.raw(`create schema ${schema}`).execute(handle.db);
      await sql.raw(`set search_path to ${schema}`).execute(handle.db);
    }
    db = handle.db;
    await sql`create table items (id bigserial primary key, owner text not null, n bigint not null, note text, unique (owner, n))`.execute(db);
  }, backend === 'worker-thread' ? PGLITE_WORKER_START_MS : undefined);

  afterAll(async () => {
    await handle.close();
    if (postgresUrl) await onPostgres(`drop schema ${schema} cascade`);
    await borrowed?.release();
  });

  const count = async (owner: string) =>
    (await sql<{ n: number }>`select count(*)::int as n from items where owner = ${owner}`.execute(db)).rows[0].n;

  /** A PostgreSQL error as the caller receives it: its SQLSTATE. */
  const sqlState = (code: string) => expect.objectContaining({ code });

  describe('errors', () => {
    it('a statement failing mid-transaction rolls the whole transaction back, and the connection serves the next one', async () => {
      await expect(
        db.transaction().execute(async (trx) => {
          await sql`insert into items (owner, n) values (${'mid'}, ${1})`.execute(trx);
          await sql`insert into items (owner, n) values (${'mid'}, ${2})`.execute(trx);
          // A unique violation (prepared statement, fails at execution).
          await sql`insert into items (owner, n) values (${'mid'}, ${1})`.execute(trx);
        }),
      ).rejects.toEqual(sqlState('23505'));
      expect(await count('mid')).toBe(0);

      // A parameter the statement's type refuses (fails at bind), then a statement without parameters.
      await expect(
        db.transaction().execute(async (trx) => {
          await sql`insert into items (owner, n) values (${'mid'}, ${3})`.execute(trx);
          await sql`select ${'not a number'}::bigint`.execute(trx);
        }),
      ).rejects.toEqual(sqlState('22P02'));
      await expect(
        db.transaction().execute(async (trx) => {
          await sql`insert into items (owner, n) values (${'mid'}, ${4})`.execute(trx);
          await sql`select 1 / 0`.execute(trx);
        }),
      ).rejects.toEqual(sqlState('22012'));
      expect(await count('mid')).toBe(0);

      // A transaction whose own code throws after a successful write.
      await expect(
        db.transaction().execute(async (trx) => {
          await sql`insert into items (owner, n) values (${'mid'}, ${5})`.execute(trx);
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      expect(await count('mid')).toBe(0);

      await db.transaction().execute(async (trx) => {
        await sql`insert into items (owner, n) values (${'mid'}, ${1})`.execute(trx);
        await sql`insert into items (owner, n) values (${'mid'}, ${2})`.execute(trx);
      });
      expect(await count('mid')).toBe(2);
    });

    it('a statement failing outside a transaction leaves nothing open: the same statement then runs with other values', async () => {
      await sql`insert into items (owner, n) values (${'solo'}, ${1})`.execute(db);
      await expect(sql`insert into items (owner, n) values (${'solo'}, ${1})`.execute(db)).rejects.toEqual(sqlState('23505'));
      await expect(sql`select ${'x'}::int as v`.execute(db)).rejects.toEqual(sqlState('22P02'));
      await expect(sql`select * from no_such_table where id = ${1}`.execute(db)).rejects.toEqual(sqlState('42P01'));
      await expect(sql.raw('select from where').execute(db)).rejects.toEqual(sqlState('42601'));
      // Not left in a transaction: this insert is committed on its own and seen by every connection.
      await sql`insert into items (owner, n) values (${'solo'}, ${2})`.execute(db);
      expect((await sql<{ v: number }>`select ${'7'}::int as v`.execute(db)).rows).toEqual([{ v: 7 }]);
      expect(await count('solo')).toBe(2);
      // Each statement is a transaction of its own (in a transaction left open, both would be the same).
      const txid = async () => (await sql<{ id: string }>`select txid_current()::text as id`.execute(db)).rows[0].id;
      expect(await txid()).not.toBe(await txid());
    });

    it('a statement that cannot be prepared (syntax error) does not disturb the statements prepared after it', async () => {
      await expect(sql`selec ${1}::int as v`.execute(db)).rejects.toEqual(sqlState('42601'));
      const [a, b, c] = await Promise.all([
        sql<{ a: number }>`select ${1}::int + 0 as a`.execute(db),
        sql<{ b: string }>`select ${'b'}::text || '' as b`.execute(db),
        sql<{ c: number }>`select ${3}::int * 1 as c`.execute(db),
      ]);
      expect([a.rows, b.rows, c.rows]).toEqual([[{ a: 1 }], [{ b: 'b' }], [{ c: 3 }]]);
      await expect(sql`selec ${1}::int as v`.execute(db)).rejects.toEqual(sqlState('42601'));
    });
  });

  describe('a statement prepared before its table changed shape', () => {
    it('runs again with the new shape: at once outside a transaction; inside one the transaction fails once, the next one runs', async () => {
      // One connection, so the statement is prepared on the connection that runs it again.
      const single = postgresUrl ? await openDatabase({ dataDir: null, databaseUrl: postgresUrl, databaseSchema: schema, databasePoolSize: 1 }) : null;
      const one = single?.db ?? db;
      try {
        await sql`create table shape (id int primary key, a text)`.execute(one);
        await sql`insert into shape values (1, 'x'), (2, 'y')`.execute(one);
        const read = (conn: Db, id: number) => sql<Record<string, unknown>>`select * from shape where id = ${id}`.execute(conn);
        expect((await read(one, 1)).rows).toEqual([{ id: 1, a: 'x' }]);
        // As a migration run by this or another process would: PostgreSQL refuses the old plan (0A000).
        await sql`alter table shape add column b text default 'new'`.execute(one);
        expect((await read(one, 1)).rows).toEqual([{ id: 1, a: 'x', b: 'new' }]);

        await sql`alter table shape add column c int default 3`.execute(one);
        await expect(one.transaction().execute((trx) => read(trx, 2))).rejects.toEqual(sqlState('0A000'));
        expect(await one.transaction().execute(async (trx) => (await read(trx, 2)).rows)).toEqual([{ id: 2, a: 'y', b: 'new', c: 3 }]);
        expect((await read(one, 1)).rows).toEqual([{ id: 1, a: 'x', b: 'new', c: 3 }]);
      } finally {
        await single?.close();
      }
    });
  });

  describe('large results', () => {
    it('50,000 rows of wide text arrive whole and in order, prepared or not', async () => {
      const wide = 'é'.repeat(50) + 'x'.repeat(150);
      const prepared = await sql<{ i: number; t: string }>`select g::int as i, ${wide} || g::text as t from generate_series(1, ${50_000}) g order by g`.execute(db);
      expect(prepared.rows).toHaveLength(50_000);
      expect(prepared.rows[0]).toEqual({ i: 1, t: `${wide}1` });
      expect(prepared.rows[49_999]).toEqual({ i: 50_000, t: `${wide}50000` });
      expect(prepared.rows.every((row, index) => row.i === index + 1 && row.t === wide + String(index + 1))).toBe(true);

      const plain = await sql<{ n: number; bytes: number }>`select count(*)::int as n, sum(length(t))::int as bytes from (select repeat('y', 1000) as t from generate_series(1, 50000)) s`.execute(db);
      expect(plain.rows).toEqual([{ n: 50_000, bytes: 50_000_000 }]);
      const rows = await sql<{ t: string }>`select repeat('z', 1000) as t from generate_series(1, 50000)`.execute(db);
      expect(rows.rows).toHaveLength(50_000);
      expect(rows.rows.every((row) => row.t.length === 1000)).toBe(true);
    });

    it('one 10 MB value, in and out', async () => {
      const big = randomBytes(5_000_000).toString('hex');
      const { rows } = await sql<{ same: boolean; length: number; back: string }>`
        select ${big}::text = ${big}::text as same, length(${big}::text) as length, ${big}::text as back`.execute(db);
      expect(rows[0].same).toBe(true);
      expect(rows[0].length).toBe(10_000_000);
      expect(rows[0].back === big).toBe(true);
    });
  });

  describe('concurrent callers', () => {
    it('many parallel queries each get their own answer', async () => {
      const answers = await Promise.all(
        Array.from({ length: 300 }, (_, i) =>
          i % 3 === 0
            ? sql<{ v: number }>`select ${i}::int as v`.execute(db)
            : i % 3 === 1
              ? sql<{ v: number }>`select ${i}::int + ${0}::int as v`.execute(db)
              : sql<{ v: number }>`select ${String(i)}::int as v, ${'pad'}::text as p`.execute(db),
        ),
      );
      expect(answers.map((answer) => answer.rows[0].v)).toEqual(Array.from({ length: 300 }, (_, i) => i));
    });

    it('parallel transactions interleaved with plain queries and failures: each runs whole in its own transaction, the committed ones stay', async () => {
      const owner = (i: number) => `tx-${i}`;
      const txid = async (trx: Db) => (await sql<{ id: string }>`select txid_current()::text as id where ${true}`.execute(trx)).rows[0].id;
      const transactions: string[] = [];
      const outcomes = await Promise.allSettled(
        Array.from({ length: 40 }, async (_, i) => {
          if (i % 4 === 3) return sql<{ n: number }>`select count(*)::int as n from items where owner = ${owner(i - 1)}`.execute(db).then(() => 'read');
          return db.transaction().execute(async (trx) => {
            const id = await txid(trx);
            transactions.push(id);
            for (let n = 1; n <= 5; n += 1) await sql`insert into items (owner, n) values (${owner(i)}, ${n})`.execute(trx);
            expect((await sql<{ n: number }>`select count(*)::int as n from items where owner = ${owner(i)}`.execute(trx)).rows).toEqual([{ n: 5 }]);
            // Every other transaction's statement fails: a unique violation rolls back this one only.
            if (i % 4 === 2) await sql`insert into items (owner, n) values (${owner(i)}, ${1})`.execute(trx);
            for (let n = 6; n <= 8; n += 1) await sql`insert into items (owner, n) values (${owner(i)}, ${n})`.execute(trx);
            // Still the same transaction: no other caller's BEGIN, COMMIT or ROLLBACK came in between.
            expect(await txid(trx)).toBe(id);
            return 'committed';
          });
        }),
      );
      const statuses = outcomes.map((o) => (o.status === 'fulfilled' ? o.value : (o.reason as { code?: string }).code));
      expect(statuses).toEqual(Array.from({ length: 40 }, (_, i) => (i % 4 === 3 ? 'read' : i % 4 === 2 ? '23505' : 'committed')));
      expect(new Set(transactions).size).toBe(30);
      const { rows } = await sql<{ owner: string; n: number }>`
        select owner, count(*)::int as n from items where owner like 'tx-%' group by owner order by owner`.execute(db);
      const expected = Array.from({ length: 40 }, (_, i) => i)
        .filter((i) => i % 4 < 2)
        .map((i) => ({ owner: owner(i), n: 8 }))
        .sort((a, b) => (a.owner < b.owner ? -1 : 1));
      expect(rows).toEqual(expected);
    });

    it('writes of other callers made while transactions are open never join them: a rollback takes only its own rows', async () => {
      const plain = (i: number) => sql`insert into items (owner, n) values (${'plain'}, ${i})`.execute(db);
      const outcomes = await Promise.allSettled(
        Array.from({ length: 30 }, async (_, i) => {
          if (i % 3 !== 0) return plain(i).then(() => 'plain');
          return db.transaction().execute(async (trx) => {
            await sql`insert into items (owner, n) values (${'undone'}, ${i})`.execute(trx);
            // The other callers' plain writes come meanwhile (on PGlite they wait for this transaction's end).
            await new Promise((resolve) => setTimeout(resolve, 1));
            await sql`insert into items (owner, n) values (${'undone'}, ${i + 1000})`.execute(trx);
            throw new Error(`undo ${i}`);
          });
        }),
      );
      expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : (o.reason as Error).message))).toEqual(
        Array.from({ length: 30 }, (_, i) => (i % 3 === 0 ? `undo ${i}` : 'plain')),
      );
      const { rows } = await sql<{ owner: string; n: number }>`
        select owner, count(*)::int as n from items where owner in ('plain', 'undone') group by owner`.execute(db);
      // The 20 plain writes, none of them undone with a transaction.
      expect(rows).toEqual([{ owner: 'plain', n: 20 }]);
    });
  });

  describe('values round-trip with the same JavaScript types on both databases', () => {
    const when = new Date('2026-11-25T13:45:12.345Z');
    const document = { name: 'Adé Ọbi', amounts: [1, 2.5, -3], nested: { ok: true, none: null }, quote: `'"\\` };

    it('bigint, numeric, jsonb, json, timestamptz, date, boolean, uuid, null', async () => {
      const { rows } = await sql<Record<string, unknown>>`
        select ${9_223_372_036_854_775_807n}::bigint as max, ${-9_223_372_036_854_775_808n}::bigint as min, ${0n}::bigint as zero,
          ${'12345678901234567890.123456789'}::numeric as numeric, sum(x)::numeric as sum_numeric,
          ${JSON.stringify(document)}::jsonb as jsonb, ${JSON.stringify(document)}::json as json,
          ${when}::timestamptz as at, ${'2026-02-28'}::date as day, ${true}::boolean as yes,
          ${'7d8f0c2e-9a4b-4c1d-8e2f-0a1b2c3d4e5f'}::uuid as id, ${null}::text as nothing
        from (values (${9_007_199_254_740_993n}::bigint), (${1n}::bigint)) v(x)`.execute(db);
      expect(rows[0]).toEqual({
        max: 9_223_372_036_854_775_807n,
        min: -9_223_372_036_854_775_808n,
        zero: 0n,
        numeric: '12345678901234567890.123456789',
        // A sum of bigints is numeric: exact, as text, never a rounded double.
        sum_numeric: '9007199254740994',
        jsonb: document,
        json: document,
        at: when,
        day: '2026-02-28',
        yes: true,
        id: '7d8f0c2e-9a4b-4c1d-8e2f-0a1b2c3d4e5f',
        nothing: null,
      });
    });

    it('the same values written to columns and read back, through prepared and plain statements', async () => {
      await sql`create table round_trip (big bigint, amount numeric(30, 9), doc jsonb, at timestamptz, day date)`.execute(db);
      await sql`insert into round_trip values (${-42n}, ${'0.000000001'}, ${JSON.stringify(document)}, ${when}, ${'1999-12-31'})`.execute(db);
      const prepared = await sql<Record<string, unknown>>`select * from round_trip where big = ${-42n}`.execute(db);
      const plain = await sql<Record<string, unknown>>`select * from round_trip`.execute(db);
      const expected = { big: -42n, amount: '0.000000001', doc: document, at: when, day: '1999-12-31' };
      expect(prepared.rows).toEqual([expected]);
      expect(plain.rows).toEqual([expected]);
    });

    it('a prepared statement reused with values of other JavaScript types', async () => {
      const run = (value: unknown) => sql<{ v: bigint }>`select ${value}::bigint + 1 as v`.execute(db);
      expect((await Promise.all([run(1), run(2n), run('3'), run(Number.MAX_SAFE_INTEGER)])).map((r) => r.rows[0].v)).toEqual([
        2n, 3n, 4n, 9_007_199_254_740_992n,
      ]);
      // An untyped parameter is text, whatever was passed (PGlite's own serializers refuse a bigint or a boolean as text).
      const echo = (value: unknown) => sql<{ v: unknown }>`select ${value} as v`.execute(db);
      expect((await Promise.all([echo('a'), echo(5), echo(6n), echo(true), echo(null)])).map((r) => r.rows[0].v)).toEqual(['a', '5', '6', 'true', null]);
      // A boolean parameter from a boolean or its text; a text one from a number.
      const yes = (value: unknown) => sql<{ v: boolean }>`select ${value}::boolean as v`.execute(db);
      expect((await Promise.all([yes(true), yes('true'), yes('f'), yes(false)])).map((r) => r.rows[0].v)).toEqual([true, true, false, false]);
      expect((await sql<{ v: string }>`select ${42}::text || ${1n}::text as v`.execute(db)).rows).toEqual([{ v: '421' }]);
      // A bigint column compared with a number, a bigint and a string.
      const ids = (await sql<{ id: bigint }>`select id from items order by id limit 1`.execute(db)).rows[0].id;
      const byId = (value: unknown) => sql<{ id: bigint }>`select id from items where id = ${value}`.execute(db);
      expect((await Promise.all([byId(Number(ids)), byId(ids), byId(String(ids))])).map((r) => r.rows)).toEqual([[{ id: ids }], [{ id: ids }], [{ id: ids }]]);
      // jsonb from a JSON text and from a value; timestamptz from a Date and from an ISO string.
      const doc = (value: unknown) => sql<{ v: unknown }>`select ${value}::jsonb as v`.execute(db);
      expect((await Promise.all([doc('{"a":1}'), doc('[1,"x"]')])).map((r) => r.rows[0].v)).toEqual([{ a: 1 }, [1, 'x']]);
      const at = (value: unknown) => sql<{ v: Date }>`select ${value}::timestamptz as v`.execute(db);
      expect((await Promise.all([at(when), at(when.toISOString())])).map((r) => r.rows[0].v)).toEqual([when, when]);
    });
  });
});
