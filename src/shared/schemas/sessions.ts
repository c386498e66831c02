/** Devices (spec-next §E): the customer's signed-in sessions, signing one out, signing out all the others. */
import { Type } from '@sinclair/typebox';
import type { EndpointName } from '../endpoints';
import { Nullable, Ok, Timestamp, responses, type EndpointSchema } from './common';

/** One signed-in device: a session opened by a sign-in. No token or token id is ever part of it. */
export const DeviceSession = Type.Object({
  /** The session's id (a UUID): DELETE /sessions/{id} signs it out. */
  id: Type.String(),
  /** The browser and system of the sign-in's User-Agent, e.g. 'Chrome on Windows'. */
  device: Type.String(),
  /** The IP address the sign-in came from; null for sessions older than this record. */
  ip: Nullable(Type.String()),
  created_at: Timestamp,
  /** The session's latest use (a call or a token refresh), to within 30 seconds (written at most that often). */
  last_used_at: Timestamp,
  /** True for the session of the token that asked. */
  current: Type.Boolean(),
});

const SessionIdParams = Type.Object({ id: Type.String({ format: 'uuid', maxLength: 36 }) });

export const sessionSchemas = {
  sessions: { response: responses(Ok(Type.Array(DeviceSession))) },
  revokeSession: { params: SessionIdParams, response: responses(Ok(Type.Object({ /** The signed-out session's id. */ id: Type.String() }))) },
  revokeOtherSessions: {
    response: responses(Ok(Type.Object({ /** How many other devices were signed out. */ revoked: Type.Integer({ minimum: 0 }) }))),
  },
} satisfies Partial<Record<EndpointName, EndpointSchema>>;
