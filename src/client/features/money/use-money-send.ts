import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { useCallback, useState } from 'react';
import type { ToastOptions } from 'react-toastify';
import * as M from '../../../shared/messages';
import { isHttpError, messageOf } from '../../api/error-message';
import { useIdempotencyKeys } from '../../api/idempotency-key';
import type { MoneyArgs } from './money-call';
import { toast, toastScope, type ToastScope } from '../../ui';

export type CallError = FetchBaseQueryError | SerializedError;

/** How a mutation trigger settles. */
export type CallResult<T> = { data: T; error?: undefined } | { data?: undefined; error: CallError };

/** The 200 answer of a money call: `success` says whether it went through, `message` why not. */
export interface MoneyAnswer {
  success: unknown;
  message?: string;
}

/** The toasts of a money call's outcome. */
export interface MoneyToasts<Data = never> {
  /**
   * Default 'Transaction completed successfully!'. A function of the answer says what it says, e.g. a
   * payout still pending is on its way (spec-next §C), never completed.
   */
  successMessage?: string | ((data: Data) => string);
  successToast?: ToastOptions;
  /** The toast for a failed call; default: the server's message, else 'Transaction failed'. */
  failureMessage?(error: CallError | undefined): string;
}

/** One confirmed money call: its body, the mutation trigger that sends it and its success test. */
export interface MoneySend<Body, Data extends MoneyAnswer> extends MoneyToasts<Data> {
  body: Body;
  send(args: MoneyArgs<Body>): Promise<CallResult<Data>>;
  succeeded(data: Data): boolean;
  /** After a success, before its toast (e.g. watching a payout until it settles). */
  onSuccess?(data: Data): void;
}

const transactionFailed = (error: CallError | undefined) => messageOf(error, M.transfers.failed);

/**
 * The waits before the same request is sent again, under its key, when it got no answer to go by.
 * A request may have run although its answer was lost; sent again with its key it is answered
 * again (DESIGN.md), never run twice. Short: an answer lost on its way is there at once, and a
 * customer waiting on "Processing..." is told within about two seconds more when none comes.
 */
export const UNANSWERED_RETRY_DELAYS_MS: readonly number[] = [750, 1_500];

/** The gateway answered for a server it could not reach, or the server was briefly unavailable. */
const UNAVAILABLE_STATUSES: readonly number[] = [502, 503, 504];

/**
 * No answer that says what happened: the network dropped the request or its answer, the server
 * could not be reached, or what came is not the API's (a gateway's page, not JSON: its 504 may
 * stand for a payment that went through). (A 409 "still in progress" and the API's 500 are answers,
 * shown as they are.)
 */
function isUnanswered(error: CallError | undefined): boolean {
  if (!isHttpError(error)) return true;
  if (error.status === 'PARSING_ERROR') return UNAVAILABLE_STATUSES.includes(error.originalStatus) || error.originalStatus < 300;
  return typeof error.status === 'number' && UNAVAILABLE_STATUSES.includes(error.status);
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The confirmed submission of a money movement (spec §4): the body goes out once with its own
 * Idempotency-Key (kept for a retry of the same body, dropped after any recorded answer). Without
 * an answer it is sent again under the same key (UNANSWERED_RETRY_DELAYS_MS). On success the
 * success toast shows; on failure the server's message (else the flow's default) is toasted, and
 * when no answer ever came, that the payment may have gone through. Resolves whether it went
 * through; what follows (the receipt, a cleared form) is the caller's.
 * A new try takes back what the earlier one said (`said`: the caller's scope, else the hook's own),
 * so a success is never shown beside an earlier try's failure or "may have gone through".
 */
export function useMoneySend(scope?: ToastScope) {
  const keys = useIdempotencyKeys();
  const [ownScope] = useState(toastScope);
  const said = scope ?? ownScope;
  return useCallback(
    async <Body, Data extends MoneyAnswer>({
      body,
      send,
      succeeded,
      successMessage = M.transfers.completed,
      successToast,
      failureMessage = transactionFailed,
      onSuccess,
    }: MoneySend<Body, Data>): Promise<boolean> => {
      said.clear();
      const idempotencyKey = keys.keyFor(body);
      let result = await send({ body, idempotencyKey });
      for (const delay of UNANSWERED_RETRY_DELAYS_MS) {
        if (result.data || !isUnanswered(result.error)) break;
        await wait(delay);
        result = await send({ body, idempotencyKey });
      }
      if (result.data && succeeded(result.data)) {
        keys.done();
        onSuccess?.(result.data);
        toast.success(typeof successMessage === 'function' ? successMessage(result.data) : successMessage, successToast);
        return true;
      }
      // A 200 that is not a success is a recorded answer too; a recorded refusal drops its key.
      if (result.data) keys.done();
      else keys.failed(result.error);
      said.error(result.data?.message || failureMessage(result.error));
      // Still no answer: whether the money moved is not known here, and the customer is told so. The
      // key is kept: Confirm again sends the same request, which the server runs at most once.
      if (!result.data && isUnanswered(result.error)) said.info(M.transfers.unconfirmed);
      return false;
    },
    [keys, said],
  );
}
