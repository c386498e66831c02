import { useFormikContext } from 'formik';
import { useRefusedSubmitToast } from './use-refused-submit-toast';

/**
 * Inside a <Formik> form: a submit it refused says its first message as a toast too, beside the
 * same words on the form (spec §8: errors are toasts unless marked inline). Renders nothing.
 */
export function RefusedSubmitToast({ id }: { id: string }) {
  const form = useFormikContext();
  const first = Object.values(form.errors).find((value): value is string => typeof value === 'string');
  useRefusedSubmitToast(form, first, id);
  return null;
}
