import { sql, type Kysely } from 'kysely';

/**
 * Devices (spec-next §E): each session keeps what its sign-in came with, so GET /sessions can name
 * the device and where it signed in from.
 *
 * - `user_agent`: the sign-in's User-Agent header, trimmed and at most 512 characters (as
 *   `sign_in_devices` keeps it); the device's name ('Chrome on Windows') is made from it when read,
 *   so a better reading of old headers needs no migration.
 * - `ip`: the sign-in's address as the server sees it (Fastify's request.ip: the peer, or the
 *   client named by X-Forwarded-For when TRUST_PROXY=1).
 *
 * Both are null for sessions opened before this migration. The session's last use is the existing
 * `last_seen_at` (the idle clock), which a call writes at most once per LAST_SEEN_WRITE_MS and a
 * refresh writes with its rotation: no new write per request.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sessions add column user_agent text, add column ip text`.execute(db);
}
