import { useEffect, useRef } from 'react';
import { toast } from './toast';

/**
 * A submit the form refused says why as a toast too (spec §8: errors are toasts unless marked
 * inline), once per submit, beside the same words on the form, which stay while they are true.
 * `form` is Formik's state (its onSubmit must be async, so that a submit that ran ends too);
 * `refusal` is what the form says after it, if anything; `id` names the form (the toast's id, so a
 * second submit while the toast is up does not stack another).
 */
export function useRefusedSubmitToast(form: { submitCount: number; isSubmitting: boolean }, refusal: string | undefined, id: string): void {
  const { submitCount, isSubmitting } = form;
  const toasted = useRef(0);
  useEffect(() => {
    if (submitCount === 0 || isSubmitting || toasted.current === submitCount) return;
    toasted.current = submitCount;
    if (refusal) toast.error(refusal, { toastId: `${id}:${refusal}` });
  }, [submitCount, isSubmitting, refusal, id]);
}

/** What a form without Formik refused, as a toast beside its own words (spec §8); one toast per text at a time. */
export const refused = (message: string): void => toast.error(message, { toastId: `refused:${message}` });
