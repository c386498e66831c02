import { server } from '../../shared/messages';
import { badRequest } from './errors';
import { knownZonePeriods, type ZonePeriod } from './zone-periods';

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

/** An offset as update-timezone may store it ('+05:30', '-03:00'). */
const OFFSET = /^([+-])(\d{2}):(\d{2})$/;

/** The minutes east of UTC of a zone stored as an offset ('+05:30': 330); null for a zone name. */
export function offsetMinutesOf(timezone: string): number | null {
  const offset = OFFSET.exec(timezone);
  return offset ? (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3])) : null;
}

/** Formatters kept by zone and options: making one costs tens of microseconds, using it one or two. */
const keptFormats = new Map<string, Intl.DateTimeFormat>();

/** An en-CA formatter of a zone with these options, made once (throws for a zone ICU does not know). */
export function keptFormat(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone} ${JSON.stringify(options)}`;
  let format = keptFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { ...options, timeZone });
    keptFormats.set(key, format);
  }
  return format;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 'YYYY-MM-DD HH:MM:SS' of a moment's UTC fields (seconds cut). */
function utcDateTime(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

const LOCAL_DATE_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
};

/**
 * A moment's local time, 'YYYY-MM-DD HH:MM:SS' (seconds cut, not rounded), in a customer's zone as
 * update-timezone stored it: an offset ('+05:30'), UTC for none, or an IANA name, read from the
 * zone's periods (lib/zone-periods.ts: this process's ICU, the rules the database's days are
 * written from, db/zone-rules.ts); a moment outside them (or a zone ICU does not know), by Intl.
 * Made for many moments in time order (a statement's lines): the period of the last one is kept.
 */
export function localDateTime(timezone: string | null): (at: Date) => string {
  const offset = timezone === null ? 0 : offsetMinutesOf(timezone);
  if (timezone === null || offset !== null) {
    const shift = (offset ?? 0) * 60_000;
    return (at) => utcDateTime(at.getTime() + shift);
  }
  const periods = knownZonePeriods(timezone) ?? [];
  let current: ZonePeriod | undefined;
  return (at) => {
    const ms = at.getTime();
    if (!current || ms < current.since.getTime() || ms >= current.until.getTime()) {
      current = periods.find((p) => ms >= p.since.getTime() && ms < p.until.getTime());
    }
    if (current) return utcDateTime(ms + current.offsetMinutes * 60_000);
    const parts: Record<string, string> = {};
    for (const part of keptFormat(timezone, LOCAL_DATE_TIME).formatToParts(ms)) parts[part.type] = part.value;
    return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
  };
}
