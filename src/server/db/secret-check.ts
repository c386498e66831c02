import { createHmac } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { ConfigError, type Config } from '../config';

export const pinSecretMismatch =
  "PIN_SECRET is not the one this database's transaction PINs were set with, so every customer's right PIN would be refused. " +
  'Start with the PIN_SECRET of the servers that share this database (when it is not in their environment, it is in the ' +
  'DATA_DIR/secrets.json of the folder the database was first used from).';

/** A digest keyed by the secret, of a fixed text: the same secret gives the same digest, and the digest does not give the secret. */
const digestOf = (secret: string) => createHmac('sha256', secret).update('kudi: the secret this database was set up with').digest('base64url');

/**
 * Records PIN_SECRET's digest the first time a server starts on the database, and refuses
 * (ConfigError, the start-up's "Configuration error") a start with any other: every transaction
 * PIN is an HMAC under it (modules/auth/pin.ts). The other secrets are not checked on purpose: a
 * new JWT_SECRET only ends the sessions and a new OTP_SECRET the codes of the last ten minutes
 * (both may be rotated), a new WEBHOOK_SECRET only the rails' signatures.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
export async function checkSecretsOfDatabase(db: Kysely<any>, config: Pick<Config, 'pinSecret'>): Promise<void> {
  const digest = digestOf(config.pinSecret);
  await sql`insert into secret_checks (name, digest) values ('PIN_SECRET', ${digest}) on conflict (name) do nothing`.execute(db);
  const { rows } = await sql<{ digest: string }>`select digest from secret_checks where name = 'PIN_SECRET'`.execute(db);
  if (rows[0]?.digest !== digest) throw new ConfigError(pinSecretMismatch);
}
