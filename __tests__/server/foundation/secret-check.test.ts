/**
 * The database keeps what its PINs were set with (db/secret-check.ts): the first start records
 * PIN_SECRET's digest, a start with the same secret goes on, one with another is refused with a
 * line that says what to do, and the refusal changes nothing, so the right secret still starts.
 */
import { sql } from 'kysely';
import { ConfigError } from '../../../src/server/config';
import { checkSecretsOfDatabase, pinSecretMismatch } from '../../../src/server/db/secret-check';
import { buildTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(() => t.close());

const first = { pinSecret: 'a'.repeat(32) };
const other = { pinSecret: 'b'.repeat(32) };

describe('the PIN secret a database was set up with', () => {
  it('is recorded at the first start (a digest, not the secret) and lets the same secret start again', async () => {
    await checkSecretsOfDatabase(t.db, first);
    await expect(checkSecretsOfDatabase(t.db, first)).resolves.toBeUndefined();

    const { rows } = await sql<{ name: string; digest: string }>`select name, digest from secret_checks`.execute(t.db);
    expect(rows.map((row) => row.name)).toEqual(['PIN_SECRET']);
    expect(rows[0].digest).not.toContain(first.pinSecret);
    expect(rows[0].digest).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('refuses a start with another PIN_SECRET, saying what to do, and keeps the first', async () => {
    await checkSecretsOfDatabase(t.db, first);

    const refusal = checkSecretsOfDatabase(t.db, other);
    await expect(refusal).rejects.toBeInstanceOf(ConfigError);
    await expect(refusal).rejects.toThrow(pinSecretMismatch);
    expect(pinSecretMismatch).toMatch(/^PIN_SECRET is not the one this database's transaction PINs were set with/);

    await expect(checkSecretsOfDatabase(t.db, first)).resolves.toBeUndefined();
  });
});
