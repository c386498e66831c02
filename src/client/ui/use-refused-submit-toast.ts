import { useEffect, useRef } from 'react';
import { toast } from './toast';

/**
 * After a refused submit, the first field of the submitted form (`form`, else the form holding the
 * focus) that is marked invalid, or that the form refused by name (`names`, for forms that say one
 * text for all fields), takes the focus: the customer starts typing where the form says what is
 * wrong, and a screen reader reads it. Nothing moves when there is no such form or field.
 */
export function focusRefusedField(names: readonly string[], form: Element | null = document.activeElement?.closest('form') ?? null): void {
  const field = Array.from(form?.querySelectorAll<HTMLElement>('input, select, textarea, [aria-invalid="true"]') ?? []).find(
    (element) => element.getAttribute('aria-invalid') === 'true' || names.includes(element.getAttribute('name') ?? ''),
  );
  if (field && field !== document.activeElement) field.focus();
}

/**
 * A submit the form refused says why as a toast too (spec §8: errors are toasts unless marked
 * inline), once per submit, beside the same words on the form, which stay while they are true,
 * and the first field it refused takes the focus. The toast goes once the words are not true: the
 * customer corrected the field (the form says something else or nothing), or the form itself went
 * (its next step, its dialog closed after success).
 * `form` is Formik's state (its onSubmit must be async, so that a submit that ran ends too);
 * `refusal` is what the form says after it, if anything; `id` names the form (the toast's id, so a
 * second submit while the toast is up does not stack another).
 */
export function useRefusedSubmitToast(
  form: { submitCount: number; isSubmitting: boolean; errors?: object },
  refusal: string | undefined,
  id: string,
): void {
  const { submitCount, isSubmitting } = form;
  const errors = useRef<string[]>([]);
  errors.current = Object.keys(form.errors ?? {});
  const toasted = useRef(0);
  /** The toast on screen and the refusal it says. */
  const shown = useRef<{ toastId: string; refusal: string } | null>(null);
  useEffect(() => {
    if (shown.current && shown.current.refusal !== refusal) {
      toast.dismiss(shown.current.toastId);
      shown.current = null;
    }
    if (submitCount === 0 || isSubmitting || toasted.current === submitCount) return;
    toasted.current = submitCount;
    if (refusal) {
      const toastId = `${id}:${refusal}`;
      toast.error(refusal, { toastId });
      shown.current = { toastId, refusal };
      focusRefusedField(errors.current);
    }
  }, [submitCount, isSubmitting, refusal, id]);
  useEffect(
    () => () => {
      if (shown.current) toast.dismiss(shown.current.toastId);
    },
    [],
  );
}

/** What a form without Formik refused, as a toast beside its own words (spec §8); one toast per text at a time. */
export const refused = (message: string): void => toast.error(message, { toastId: `refused:${message}` });
