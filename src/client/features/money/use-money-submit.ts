import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { useCallback } from 'react';
import { toast, type ToastOptions } from 'react-toastify';
import * as M from '../../../shared/messages';
import { messageOf } from '../../api/error-message';
import { useIdempotencyKeys } from '../../api/idempotency-key';
import { useAppDispatch } from '../../app/store';
import { dialogClosed, dialogOpened } from '../../app/ui-slice';
import type { MoneyDialogIds } from './money-call';

export type CallError = FetchBaseQueryError | SerializedError;

/** How a mutation trigger settles. */
export type CallResult<T> = { data: T; error?: undefined } | { data?: undefined; error: CallError };

export interface MoneySubmitOptions {
  dialogs: MoneyDialogIds;
  /** Default 'Transaction completed successfully!'. */
  successMessage?: string;
  successToast?: ToastOptions;
  /** The toast for a failed call; default: the server's message, else 'Transaction failed'. */
  failureMessage?(error: CallError | undefined): string;
}

const transactionFailed = (error: CallError | undefined) => messageOf(error, M.transfers.failed);

/**
 * The confirmed submission of a money flow (spec §4): the body goes out once with its own
 * Idempotency-Key (kept for a retry of the same body, dropped after any recorded answer). On success the
 * PIN modal closes, the success toast shows and the receipt modal opens; on failure the
 * server's message is toasted. Resolves whether it went through.
 */
export function useMoneySubmit({ dialogs, successMessage = M.transfers.completed, successToast, failureMessage = transactionFailed }: MoneySubmitOptions) {
  const keys = useIdempotencyKeys();
  const dispatch = useAppDispatch();
  return useCallback(
    async <Body, Data extends { success: unknown; message?: string }>(
      body: Body,
      send: (args: { body: Body; idempotencyKey: string }) => Promise<CallResult<Data>>,
      succeeded: (data: Data) => boolean,
    ): Promise<boolean> => {
      const result = await send({ body, idempotencyKey: keys.keyFor(body) });
      if (result.data && succeeded(result.data)) {
        keys.done();
        dispatch(dialogClosed(dialogs.pin));
        toast.success(successMessage, successToast);
        dispatch(dialogOpened(dialogs.receipt));
        return true;
      }
      // A 200 that is not a success is a recorded answer too; a recorded refusal drops its key.
      if (result.data) keys.done();
      else keys.failed(result.error);
      toast.error(result.data?.message || failureMessage(result.error));
      return false;
    },
    [keys, dispatch, dialogs, successMessage, successToast, failureMessage],
  );
}
