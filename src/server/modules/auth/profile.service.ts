import { sql } from 'kysely';
import { profile, server } from '../../../shared/messages';
import type { Req, User } from '../../../shared/types';
import { isEmail } from '../../../shared/validation';
import type { Db } from '../../db/database';
import { writeZoneRules } from '../../db/zone-rules';
import { badRequest, forbidden, unauthorized } from '../../lib/errors';
import { toE164OrRefuse } from '../../lib/phone';
import { zoneFormat } from '../../lib/time-zone';
import { assertCountryCodes } from '../countries/countries';
import type { AuthDeps } from './auth.deps';
import { identityStatusOf } from './identity.service';
import { insertContactMessage } from './contact.repository';
import { supportMessage } from './notifications';
import { takeHit, throttles } from './throttle.service';
import { readServerDate, toUser } from './user.dto';
import { findUserById, lockUser, updateUser, type UserRow } from './users.repository';

async function existingUser(db: Db, userId: string): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user) throw unauthorized();
  return user;
}

export async function currentUser(db: Db, userId: string): Promise<User> {
  const user = await existingUser(db, userId);
  return toUser(user, await identityStatusOf(db, user));
}

/**
 * Stores the device's IANA time zone, e.g. 'America/Toronto'. Node's Intl knows some zones only by
 * ICU's older names ('Europe/Kiev', 'Asia/Calcutta'): a device's name of the same zone
 * ('Europe/Kyiv', 'Asia/Kolkata', which the customer sees on statements) is kept as given, when it
 * is written as IANA writes names and the database knows it; otherwise ICU's name and case are
 * stored ('asia/tokyo' is 'Asia/Tokyo'). The database must know the zone: the customer's days
 * (their sending limits) are counted in it there, by the app's rules of it (db/zone-rules.ts).
 */
export async function updateTimezone(db: Db, userId: string, timezone: string, now = new Date()): Promise<void> {
  const given = timezone.trim();
  const icuName = zoneFormat(given).resolvedOptions().timeZone;
  // Another name of the same zone as given (a link ICU resolves to its older name), written as
  // IANA writes names (each part capitalised), or else ICU's own.
  const asGiven = given.toLowerCase() !== icuName.toLowerCase() && given.split('/').every((part) => /^[A-Z]/.test(part));
  const spellings = asGiven ? [given, icuName] : [icuName];
  for (const spelling of spellings) {
    if (await databaseKnowsZone(db, spelling)) {
      // The app's rules of the zone first: the customer's days are counted by them from now on.
      await writeZoneRules(db, spelling);
      await updateUser(db, userId, { timezone: spelling }, now);
      return;
    }
  }
  throw badRequest(server.invalidTimezone);
}

/** Whether the database can tell the date in this zone (kudi_local_day, migration 0009). */
async function databaseKnowsZone(db: Db, timezone: string): Promise<boolean> {
  try {
    await sql`select kudi_local_day(${timezone}, now())`.execute(db);
    return true;
  } catch {
    return false;
  }
}

/**
 * PATCH /auth/update-profile. Every field is required; dob must be the stored one. Names and
 * nationality are fixed once e-mail, phone and identity are all verified (spec §4; the same values
 * again are fine). Before that they may be corrected; a correction after the identity check
 * approved other names ends that check (the identity is to be verified again, of the new names),
 * as an approval arriving after such a correction verifies nothing (identity.service).
 */
export async function updateProfile(db: Db, userId: string, body: Req<'updateProfile'>, now = new Date()): Promise<void> {
  const changes = {
    address: body.address.trim(),
    country_of_residence: body.country_of_residence.trim().toUpperCase(),
    first_name: body.first_name.trim(),
    last_name: body.last_name.trim(),
    nationality: body.nationlaity.trim().toUpperCase(),
  };
  if (Object.values(changes).some((value) => value === '') || !body.dob.trim()) throw badRequest(profile.fieldsRequired);
  assertCountryCodes(changes.country_of_residence, changes.nationality);
  const dob = readServerDate(body.dob);
  if (!dob) throw badRequest(server.invalidDate);
  // Under the user's row lock: a phone or identity verified meanwhile is seen.
  await db.transaction().execute(async (trx) => {
    const user = await lockUser(trx, userId);
    if (!user) throw unauthorized();
    if (dob.iso !== user.dob) throw badRequest(server.dobUnchangeable);
    const lockedChanged =
      changes.first_name !== user.first_name || changes.last_name !== user.last_name || changes.nationality !== user.nationality;
    if (lockedChanged && user.is_email_verified && user.is_phone_verified && user.is_identity_verified) throw forbidden(server.profileLocked);
    const checkEnded = lockedChanged && user.is_identity_verified;
    await updateUser(trx, userId, checkEnded ? { ...changes, is_identity_verified: false } : changes, now);
  });
}

/**
 * POST /auth/contact-us: stored, then e-mailed to support. The phone number is kept in E.164; one
 * typed without its dial code is read as a number of the customer's country of residence.
 */
export async function contactUs(deps: AuthDeps, userId: string, body: Req<'contactUs'>, now = new Date()): Promise<void> {
  const message = {
    email: body.email.trim(),
    phone_number: body.phone_number.trim(),
    complaint_category: body.complaint_category,
    complaint: body.complaint.trim(),
  };
  if (!message.email || !message.phone_number || !message.complaint) throw badRequest(profile.fieldsRequired);
  if (!isEmail(message.email)) throw badRequest(server.invalidEmail);
  message.phone_number = toE164OrRefuse(message.phone_number, (await existingUser(deps.db, userId)).country_of_residence);
  await takeHit(deps.db, throttles.contactPerUser, userId, now);
  await insertContactMessage(deps.db, { user_id: userId, ...message, created_at: now });
  await deps.email.send(supportMessage(message));
}
