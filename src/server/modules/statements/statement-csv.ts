/**
 * A statement as CSV (spec-next §E), written by csv-stringify as the rows are read: a header line,
 * the opening balance row, one row per item, the closing balance row. The library quotes a field
 * holding a comma, a quote or a line break (RFC 4180: quotes doubled), and with `escape_formulas`
 * a field starting with =, +, -, @, a tab or a carriage return gets a leading ' so that no
 * spreadsheet runs it as a formula. UTF-8 with a byte order mark, so spreadsheets read ₦ and
 * accents right. Records end with CRLF (RFC 4180). Amounts are major units with two decimals and no thousands separators.
 */
import { stringify } from 'csv-stringify';
import { pipeline, Readable } from 'node:stream';
import { decimalMoney } from '../../../shared/pricing';
import type { StatementContent, StatementRow } from './statement-content';

export const CSV_COLUMNS = ['Date', 'Reference', 'Type', 'Description', 'Counterparty', 'Debit', 'Credit', 'Balance after'] as const;

const money = (minor: bigint): string => (minor === 0n ? '' : decimalMoney(minor));

const record = (row: StatementRow): string[] => [
  row.date,
  row.reference,
  row.type,
  row.description,
  row.counterparty,
  money(row.debit),
  money(row.credit),
  decimalMoney(row.balanceAfter),
];

/** The balance rows: the period's first day and its last, the balance only. */
const balanceRecord = (day: string, label: string, balance: bigint): string[] => [day, '', label, '', '', '', '', decimalMoney(balance)];

async function* records({ heading, rows }: StatementContent): AsyncGenerator<string[]> {
  yield balanceRecord(heading.from, 'Opening balance', heading.opening);
  for await (const row of rows) yield record(row);
  yield balanceRecord(heading.to, 'Closing balance', heading.closing);
}

export function csvStatement(content: StatementContent): Readable {
  const csv = stringify({
    header: true,
    columns: [...CSV_COLUMNS],
    bom: true,
    escape_formulas: true,
    // RFC 4180's CRLF between records; a field holding any line break (\n, \r) is quoted.
    record_delimiter: 'windows',
    quote_record_delimiter: true,
  });
  // Backpressure: the rows are read only as fast as the reply takes the text.
  return pipeline(Readable.from(records(content)), csv, () => undefined);
}
