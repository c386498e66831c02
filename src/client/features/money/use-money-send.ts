import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { useCallback } from 'react';
import type { ToastOptions } from 'react-toastify';
import * as M from '../../../shared/messages';
import { messageOf } from '../../api/error-message';
import { useIdempotencyKeys } from '../../api/idempotency-key';
import type { MoneyArgs } from './money-call';
import { toast } from '../../ui';

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
 * The confirmed submission of a money movement (spec §4): the body goes out once with its own
 * Idempotency-Key (kept for a retry of the same body, dropped after any recorded answer). On
 * success the success toast shows; on failure the server's message (else the flow's default) is
 * toasted. Resolves whether it went through; what follows (the receipt, a cleared form) is the
 * caller's.
 */
export function useMoneySend() {
  const keys = useIdempotencyKeys();
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
      const result = await send({ body, idempotencyKey: keys.keyFor(body) });
      if (result.data && succeeded(result.data)) {
        keys.done();
        onSuccess?.(result.data);
        toast.success(typeof successMessage === 'function' ? successMessage(result.data) : successMessage, successToast);
        return true;
      }
      // A 200 that is not a success is a recorded answer too; a recorded refusal drops its key.
      if (result.data) keys.done();
      else keys.failed(result.error);
      toast.error(result.data?.message || failureMessage(result.error));
      return false;
    },
    [keys],
  );
}
