/**
 * The wait before the next attempt at background work that failed `attempts` times: 30 s, doubled
 * after each further failure, at most an hour (e-mails to send, generic jobs).
 */
export const retryBackoffMs = (attempts: number): number => Math.min(3_600_000, 30_000 * 2 ** Math.max(0, Math.min(attempts - 1, 10)));
