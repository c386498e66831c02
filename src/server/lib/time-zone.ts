import { server } from '../../shared/messages';
import { badRequest } from './errors';

/**
 * A date formatter in a device's IANA time zone as given (trimmed), e.g. 'America/Toronto';
 * 400 'Please enter a valid time zone' for a zone ICU does not know.
 */
export function zoneFormat(timezone: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone: timezone.trim() });
  } catch {
    throw badRequest(server.invalidTimezone);
  }
}
