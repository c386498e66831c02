import { Form, Formik, type FormikHelpers } from 'formik';
import styled from 'styled-components';
import * as M from '../../../shared/messages';
import type { Currency } from '../../../shared/types';
import { messageOf } from '../../api/error-message';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { dialogClosed, dialogOpened, selectIsDialogOpen } from '../../app/ui-slice';
import { useDialogClosedOnUnmount } from '../../app/use-dialog-closed-on-unmount';
import { Button, FormError, Modal, SelectField, Stack, TextField, toast } from '../../ui';
import { useDownloadStatementMutation, type StatementFile } from './history-api';
import { lastMonth, statementSchema, type StatementForm } from './statement';

/** The period picker (a ui-slice dialog id). */
export const STATEMENT_DIALOG = 'history-statement';

/**
 * From and To side by side where there is room, one above the other on a phone: a date field
 * narrower than about 180 px cuts its year behind the calendar button.
 */
const Period = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  gap: ${({ theme }) => theme.space.sm};
`;

/** Saves the file through the browser's download, then lets its bytes go. */
function saveFile({ url, filename }: StatementFile): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  // As FileSaver does: the browser may still be reading the blob just after the click.
  setTimeout(() => URL.revokeObjectURL(url), 40_000);
}

/** 'Download statement' on the History screen: the button and its period picker (spec-next §E). */
export function StatementDownload({ currency }: { currency: Currency }) {
  const dispatch = useAppDispatch();
  const open = useAppSelector((state) => selectIsDialogOpen(state, STATEMENT_DIALOG));
  useDialogClosedOnUnmount(STATEMENT_DIALOG);
  const close = () => dispatch(dialogClosed(STATEMENT_DIALOG));
  const [download] = useDownloadStatementMutation();

  const submit = async (values: StatementForm, { setStatus }: FormikHelpers<StatementForm>) => {
    setStatus(undefined);
    const result = await download({ currency, ...values });
    if (result.data) {
      saveFile(result.data);
      toast.success(M.statements.saved(result.data.filename));
      close();
    } else {
      setStatus(messageOf(result.error, M.statements.downloadFailed));
    }
  };

  return (
    <>
      <Button variant="secondary" onClick={() => dispatch(dialogOpened(STATEMENT_DIALOG))}>
        {M.statements.download}
      </Button>
      <Modal
        open={open}
        onClose={close}
        title={M.statements.download}
        description={`The ${currency} wallet's completed and refunded items of a period, with its opening and closing balances. Days are those of your time zone.`}
      >
        {/* The picker mounts when it opens (Modal): last month then. */}
        <Formik initialValues={lastMonth()} validationSchema={statementSchema} validateOnBlur={false} validateOnChange={false} onSubmit={submit}>
          {({ values, errors, status, handleChange, isSubmitting }) => (
            <Form noValidate aria-label="Statement period">
              <Stack>
                <Period>
                  <TextField label="From" name="from" type="date" value={values.from} onChange={handleChange} error={errors.from} />
                  <TextField label="To" name="to" type="date" value={values.to} onChange={handleChange} error={errors.to} />
                </Period>
                <SelectField label="Format" name="format" value={values.format} onChange={handleChange}>
                  <option value="csv">CSV (spreadsheet)</option>
                  <option value="pdf">PDF (document)</option>
                </SelectField>
                {typeof status === 'string' && <FormError>{status}</FormError>}
                <Button type="submit" fullWidth busy={isSubmitting} busyLabel="Preparing statement...">
                  Download
                </Button>
              </Stack>
            </Form>
          )}
        </Formik>
      </Modal>
    </>
  );
}
