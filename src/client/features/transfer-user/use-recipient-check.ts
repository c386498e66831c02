import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useMemo } from 'react';
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
  /** The check answered that there is no such recipient. */
  notFound: boolean;
}

/**
 * The live recipient check (spec §4, §5): once the email has an '@' and neither it nor the
 * currency changed for DEBOUNCE_MS, POST /auth/check-email. Any change resets the answer.
 */
export function useRecipientCheck(email: string, currency: Currency): RecipientCheck {
  const typed = useMemo(() => ({ email: email.trim(), currency }), [email, currency]);
  const settled = useDebouncedValue(typed, DEBOUNCE_MS);
  const { currentData, error } = useCheckRecipientQuery(settled.email.includes('@') ? settled : skipToken);
  useErrorToast(error, M.transfers.verifyUserFailed);

  useEffect(() => {
    if (currentData?.success === false) {
      const message = currentData.message || M.transfers.userDoesNotExist;
      toast.error(message, screenToast(message));
    }
  }, [currentData]);

  const answer = settled === typed ? currentData : undefined;
  return { verified: answer?.success === true, name: answer?.data?.name, notFound: answer?.success === false };
}
