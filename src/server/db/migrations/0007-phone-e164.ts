import { sql, type Kysely } from 'kysely';
import { phone } from '../../lib/phone';

/**
 * Phone numbers in E.164. Before, a Nigerian number typed with its trunk 0 was stored as
 * '+23408012345678'; each stored '+…' number that is a valid number spelled otherwise becomes its
 * E.164 ('+2348012345678'): the users' numbers, the pending phone codes' recipients (so a code
 * sent before still verifies) and the support messages' numbers. A number that does not parse is
 * left as it is. A verified number whose E.164 another user has verified already is left too: the
 * unique index allows one verified owner per number, and which of the two is the customer's is
 * for support to find out, not for a migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const users = await sql<{ id: string; phone_number: string; is_phone_verified: boolean }>`
    select id, phone_number, is_phone_verified from users where phone_number like '+%' order by created_at, id`.execute(db);
  for (const user of users.rows) {
    const e164 = rewritten(user.phone_number);
    if (e164 === null) continue;
    if (user.is_phone_verified) {
      const taken = await sql`select 1 from users where phone_number = ${e164} and is_phone_verified and id <> ${user.id}`.execute(db);
      if (taken.rows.length > 0) continue;
    }
    await sql`update users set phone_number = ${e164} where id = ${user.id}`.execute(db);
  }

  const recipients = await sql<{ recipient: string }>`
    select distinct recipient from otps where purpose = 'phone_verification' and recipient like '+%'`.execute(db);
  for (const { recipient } of recipients.rows) {
    const e164 = rewritten(recipient);
    if (e164 !== null) await sql`update otps set recipient = ${e164} where purpose = 'phone_verification' and recipient = ${recipient}`.execute(db);
  }

  const contacts = await sql<{ phone_number: string }>`select distinct phone_number from contact_messages where phone_number like '+%'`.execute(db);
  for (const { phone_number } of contacts.rows) {
    const e164 = rewritten(phone_number);
    if (e164 !== null) await sql`update contact_messages set phone_number = ${e164} where phone_number = ${phone_number}`.execute(db);
  }
}

/** The E.164 spelling of a stored '+…' number when it is valid and differs, else null. */
function rewritten(stored: string): string | null {
  const e164 = phone.toE164(stored);
  return e164 !== null && e164 !== stored ? e164 : null;
}
