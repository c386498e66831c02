/** The device's IANA time zone, e.g. 'America/Toronto': sent with update-timezone and every money call (spec §7). */
export const deviceTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;
