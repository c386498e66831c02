/** The period picker's rules (spec-next §E): its defaults and its Yup schema. */
import { mixed, object, string } from 'yup';
import { STATEMENT_FORMATS, STATEMENT_MAX_DAYS } from '../../../shared/limits';
import * as M from '../../../shared/messages';
import type { StatementFormat } from '../../../shared/types';
import { isoDayNumber } from '../../../shared/validation';

export interface StatementForm {
  from: string;
  to: string;
  format: StatementFormat;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A local calendar day as 'YYYY-MM-DD'. */
export const isoDay = (date: Date): string => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** The picker's start: last calendar month (of this device's calendar), as a CSV. */
export function lastMonth(today: Date = new Date()): StatementForm {
  return {
    from: isoDay(new Date(today.getFullYear(), today.getMonth() - 1, 1)),
    to: isoDay(new Date(today.getFullYear(), today.getMonth(), 0)),
    format: 'csv',
  };
}

/** The first and last day as day numbers, when both are real days. */
function days(from: unknown, to: unknown): [number, number] | null {
  const first = isoDayNumber(String(from ?? ''));
  const last = isoDayNumber(String(to ?? ''));
  return first === null || last === null ? null : [first, last];
}

/** The same rules as the server's (shared/validation.ts statementPeriodError), worded for the form's fields. */
export const statementSchema = object({
  from: string()
    .required(M.statements.fromRequired)
    .test('day', M.statements.badDay, (value) => isoDayNumber(value) !== null),
  to: string()
    .required(M.statements.toRequired)
    .test('day', M.statements.badDay, (value) => isoDayNumber(value) !== null)
    .test('order', M.statements.lastBeforeFirst, (to, { parent }) => {
      const period = days((parent as StatementForm).from, to);
      return !period || period[1] >= period[0];
    })
    .test('length', M.statements.tooLong, (to, { parent }) => {
      const period = days((parent as StatementForm).from, to);
      return !period || period[1] - period[0] + 1 <= STATEMENT_MAX_DAYS;
    }),
  format: mixed<StatementFormat>().oneOf([...STATEMENT_FORMATS]).required(),
});
