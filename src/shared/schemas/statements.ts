/** Statements (spec-next §E): GET /statements, a wallet's items of a period as a CSV or PDF file. */
import { Type } from '@sinclair/typebox';
import type { EndpointName } from '../endpoints';
import { STATEMENT_FORMATS } from '../limits';
import { Currency, ErrorResponse, type EndpointSchema } from './common';

/** A day of the customer's time zone; the service checks it is a real date (its own 400 text). */
const Day = (description: string) => Type.String({ maxLength: 32, description, examples: ['2025-03-01'] });

export const StatementQuery = Type.Object({
  currency: Currency,
  from: Day("The period's first day, YYYY-MM-DD, in the customer's time zone"),
  to: Day("The period's last day, YYYY-MM-DD, included; at most 366 days after from, counting both"),
  format: Type.Union(
    STATEMENT_FORMATS.map((format) => Type.Literal(format)),
    { description: 'csv: a spreadsheet (UTF-8, with a byte order mark); pdf: a printable document' },
  ),
});

/**
 * The 200 of GET /statements is a file, streamed as it is written: its OpenAPI response object
 * (content per media type and the Content-Disposition header) rather than a JSON schema. Fastify
 * serializes nothing of a streamed answer; its errors are JSON (`4xx`).
 */
const StatementFile = Type.Unsafe<string>({
  description: 'The statement, as an attachment (Content-Disposition names the file)',
  headers: {
    // @fastify/swagger makes each header's schema the OpenAPI header's `schema`.
    'Content-Disposition': {
      type: 'string',
      description: 'attachment; filename="kudi-statement-CAD-2025-03-01-to-2025-03-31.csv"',
    },
  },
  content: {
    'text/csv': {
      schema: {
        type: 'string',
        description:
          'A header line; the opening balance row; one row per completed or refunded item (date, reference, type, description, counterparty, debit, credit, balance after); the closing balance row',
      },
    },
    'application/pdf': {
      schema: { type: 'string', format: 'binary', description: "The same rows with the customer's name, the period, totals and page numbers" },
    },
  },
});

export const statementSchemas = {
  statement: { querystring: StatementQuery, response: { 200: StatementFile, '4xx': ErrorResponse, '5xx': ErrorResponse } },
} satisfies Partial<Record<EndpointName, EndpointSchema>>;
