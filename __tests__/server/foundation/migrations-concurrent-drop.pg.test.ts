/**
 * PostgreSQL shared by several apps (or test files): migrating one schema while another schema of
 * the database is dropped still succeeds (the migrator's table look-up reads every schema).
 */
import { randomBytes } from 'node:crypto';
import { openDatabase } from '../../../src/server/db/database';
import { migrateToLatest } from '../../../src/server/db/migrations';
import { onPostgres as onPostgresAt } from '../../support/on-postgres';

if (process.env.KUDI_TEST_DB !== 'postgres' || !process.env.TEST_DATABASE_URL) {
  throw new Error('migrations-concurrent-drop.pg.test.ts runs only against PostgreSQL: TEST_DATABASE_URL=postgres://… npx jest --selectProjects server-pg');
}
const url = process.env.TEST_DATABASE_URL;

const onPostgres = (statements: string) => onPostgresAt(url!, statements);

describe('migrations beside schemas being dropped', () => {
  it('migrate a fresh schema while other schemas are created and dropped, every time', async () => {
    const tag = randomBytes(4).toString('hex');
    for (let round = 0; round < 6; round += 1) {
      const junk = Array.from({ length: 12 }, (_, i) => `junk_${tag}_${round}_${i}`);
      await onPostgres(junk.map((s) => `create schema ${s}; create table ${s}.t (id serial primary key, v text);`).join(''));
      const fresh = `mig_${tag}_${round}`;
      await onPostgres(`create schema ${fresh}`);
      const handle = await openDatabase({ dataDir: null, databaseUrl: url!, databaseSchema: fresh, databasePoolSize: 2 });
      try {
        const dropping = (async () => {
          for (const s of junk) await onPostgres(`drop schema ${s} cascade`);
        })();
        await expect(migrateToLatest(handle.db)).resolves.toBeUndefined();
        await dropping;
      } finally {
        await handle.close();
        await onPostgres(`drop schema ${fresh} cascade`);
      }
    }
  }, 120_000);
});
