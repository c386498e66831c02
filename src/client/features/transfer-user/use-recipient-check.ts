import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { DEBOUNCE_MS } from '../../../shared/limits';
import * as M from '../../../shared/messages';
import type { Currency } from '../../../shared/types';
import { useErrorToast } from '../../api/use-error-toast';
import { screenToast } from '../../app/toasts';
import { useDebouncedValue } from '../money/use-debounced-value';
import { useCheckRecipientQuery } from './transfer-user-api';
import { toast } from '../../ui';

export interface RecipientCheck {
  /** The recipient exists for this email and currency. */
  verified: boolean;
  /** The recipient's name, once verified. */
  name?: string;
  /**
   * What the field says when the check refused: 'User not found' for no such customer (spec §8), else
   * the server's reason (e.g. their naira wallet is not activated), which the customer would otherwise
   * see contradicted under the field; null while nothing was refused.
   */
  refusal: string | null;
}

/** Under the field: 'User not found' when there is no such customer, the server's reason otherwise. */
const fieldRefusal = (message: string | undefined): string =>
  !message || message === M.transfers.userDoesNotExist ? M.transfers.userNotFound : message;

/**
 * The live recipient check (spec §4, §5): once the email has an '@' and neither it nor the
 * currency changed for DEBOUNCE_MS, POST /auth/check-email. Any change resets the answer and
 * checks again, even one undone within the DEBOUNCE_MS (the tab away and back): the same email and
 * currency settled again are asked again, not answered from before.
 */
export function useRecipientCheck(email: string, currency: Currency): RecipientCheck {
  const typed = useMemo(() => ({ email: email.trim(), currency }), [email, currency]);
  const settled = useDebouncedValue(typed, DEBOUNCE_MS);
  const { currentData, error, fulfilledTimeStamp, refetch } = useCheckRecipientQuery(settled.email.includes('@') ? settled : skipToken);
  useErrorToast(error, M.transfers.verifyUserFailed);

  // Asked again: the answer from before does not count until the new one comes.
  const [askedAgainAt, setAskedAgainAt] = useState(0);
  const lastSettled = useRef(settled);
  useEffect(() => {
    const last = lastSettled.current;
    lastSettled.current = settled;
    if (last !== settled && last.email === settled.email && last.currency === settled.currency && settled.email.includes('@')) {
      setAskedAgainAt(Date.now());
      void refetch();
    }
  }, [settled, refetch]);

  useEffect(() => {
    if (currentData?.success === false) {
      const message = currentData.message || M.transfers.userDoesNotExist;
      toast.error(message, screenToast(message));
    }
  }, [currentData]);

  const answer = settled === typed && (fulfilledTimeStamp ?? 0) >= askedAgainAt ? currentData : undefined;
  return {
    verified: answer?.success === true,
    name: answer?.data?.name,
    refusal: answer?.success === false ? fieldRefusal(answer.message) : null,
  };
}
