/**
 * The server's phone rules: src/shared/phone.ts with libphonenumber's `max` metadata, which checks
 * a number's digits against its country's ranges (the browser's phone field binds the same set).
 */
import metadata from 'libphonenumber-js/max/metadata';
import { server } from '../../shared/messages';
import { phoneRules } from '../../shared/phone';
import { badRequest } from './errors';

export const phone = phoneRules(metadata);

/**
 * The number in E.164, or a 400 'Please enter a valid phone number'. Without `country` the number
 * must carry its dial code ('+234…'); with it, a national number of that country is read too.
 */
export function toE164OrRefuse(input: string, country?: string): string {
  const e164 = phone.toE164(input, country);
  if (e164 === null) throw badRequest(server.invalidPhone);
  return e164;
}
