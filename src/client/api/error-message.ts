import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';

type CallError = FetchBaseQueryError | SerializedError | undefined;

/** An HTTP answer (any status, JSON or not), as opposed to a network, timeout or client-side failure. */
export function isHttpError(error: CallError): error is FetchBaseQueryError {
  return error !== undefined && 'status' in error && (typeof error.status === 'number' || error.status === 'PARSING_ERROR');
}

/** The `message` of an HTTP answer's body, if it has one. */
export function serverMessage(error: CallError): string | undefined {
  if (!isHttpError(error) || typeof error.data !== 'object' || error.data === null) return undefined;
  const { message } = error.data as { message?: unknown };
  return typeof message === 'string' && message ? message : undefined;
}

/** The server's message when it gave one, else `fallback` (spec §8: the server's text is preferred). */
export const messageOf = (error: CallError, fallback: string): string => serverMessage(error) ?? fallback;
