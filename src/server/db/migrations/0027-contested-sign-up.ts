import { sql, type Kysely } from 'kysely';

/**
 * An unverified account that was signed up for again with another password (`users.sign_up_contested`).
 * The codes of both sign-ups reach the one mailbox, and its owner cannot tell whose each is (a
 * stranger may sign up with the owner's own name): the code the owner uses verifies the e-mail, but
 * neither password is kept; the owner chooses one with Forgot password (account.service verifyEmail).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column sign_up_contested boolean not null default false`.execute(db);
}
