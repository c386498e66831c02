/**
 * DATABASE_POOLER and DATABASE_REPLICA_URL (config.ts), and what the app does without a replica:
 * every read on its one database, PGlite included. The routing itself is replica-routing.cluster.test.ts.
 */
import { ConfigError, loadConfig } from '../../../src/server/config';
import { openDatabase, PoolerError } from '../../../src/server/db/database';
import { createCustomer } from '../../support/customers';
import { buildTestApp } from '../../support/test-app';

const PG = 'postgres://kudi@127.0.0.1:5432/kudi';

describe('configuration', () => {
  it('DATABASE_POOLER is none by default, or pgbouncer, beside DATABASE_URL only', () => {
    expect(loadConfig({}, { dataDir: null }).databasePooler).toBe('none');
    expect(loadConfig({ DATABASE_URL: PG, DATABASE_POOLER: 'pgbouncer' }, { dataDir: null }).databasePooler).toBe('pgbouncer');
    expect(() => loadConfig({ DATABASE_URL: PG, DATABASE_POOLER: 'pgpool' }, { dataDir: null }))
      .toThrow(new ConfigError('DATABASE_POOLER must be none or pgbouncer, got "pgpool"'));
    expect(() => loadConfig({ DATABASE_POOLER: 'pgbouncer' }, { dataDir: null }))
      .toThrow(new ConfigError('DATABASE_POOLER needs DATABASE_URL (the embedded database has no pooler)'));
  });

  it('DATABASE_REPLICA_URL is a PostgreSQL URL beside DATABASE_URL, unset by default', () => {
    expect(loadConfig({ DATABASE_URL: PG }, { dataDir: null }).databaseReplicaUrl).toBeNull();
    expect(loadConfig({ DATABASE_URL: PG, DATABASE_REPLICA_URL: 'postgres://kudi@replica:5432/kudi' }, { dataDir: null }).databaseReplicaUrl)
      .toBe('postgres://kudi@replica:5432/kudi');
    expect(() => loadConfig({ DATABASE_URL: PG, DATABASE_REPLICA_URL: 'replica:5432' }, { dataDir: null }))
      .toThrow(new ConfigError('DATABASE_REPLICA_URL must start with postgres: or postgresql:, got "replica:"'));
    expect(() => loadConfig({ DATABASE_URL: PG, DATABASE_REPLICA_URL: 'not a url' }, { dataDir: null }))
      .toThrow(new ConfigError('DATABASE_REPLICA_URL must be a URL, got "not a url"'));
    expect(() => loadConfig({ DATABASE_REPLICA_URL: 'postgres://kudi@replica:5432/kudi' }, { dataDir: null }))
      .toThrow(new ConfigError('DATABASE_REPLICA_URL needs DATABASE_URL (a replica of the embedded database does not exist)'));
  });

  it('a schema of its own (search_path as a startup option) is refused through PgBouncer, with the reason', async () => {
    await expect(openDatabase({ dataDir: null, databaseUrl: PG, databaseSchema: 'kw_1', databasePooler: 'pgbouncer' }))
      .rejects.toThrow(new PoolerError('A database schema (search_path as a startup option) cannot pass PgBouncer in transaction mode: give the app a database of its own'));
  });
});

describe('without a replica', () => {
  it('every read is on the one database, and a write records no read mark', async () => {
    const t = await buildTestApp();
    try {
      expect(t.app.reads.replica).toBeNull();
      const customer = await createCustomer(t);
      expect(await t.app.reads.forCustomer(customer.id)).toBe(t.db);
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/update-timezone', headers: customer.headers, payload: { timezone: 'Africa/Lagos' } });
      expect(res.statusCode).toBe(200);
      const marks = await t.db.selectFrom('read_marks' as never).selectAll().execute();
      expect(marks).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
