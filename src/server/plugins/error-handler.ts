import type { FastifyError, FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../db/database';
import { ApiError, INTERNAL_ERROR_MESSAGE, UNAVAILABLE_MESSAGE } from '../lib/errors';
import { confirmCallerSession } from './auth';

interface ValidationIssue {
  instancePath?: string;
  keyword?: string;
  params?: { missingProperty?: string; allowedValue?: unknown; allowedValues?: unknown[]; type?: string | string[] };
  message?: string;
}

const showValue = (value: unknown): string => (typeof value === 'string' ? (value === '' ? "'' (empty)" : value) : JSON.stringify(value));

const ALLOWED_KEYWORDS = new Set(['const', 'enum', 'type', 'anyOf', 'oneOf']);

/**
 * What a literal, or a union of literals or types, allows, from the issues AJV reports for each
 * branch at one path: 'must be one of: CAD, NGN', 'must be EMAIL', 'must be string or null'.
 * Null when a branch failed for another reason (e.g. too long): that issue says more.
 */
function describeAllowed(issues: ValidationIssue[]): string | null {
  const literalValues: unknown[] = [];
  const types: string[] = [];
  for (const issue of issues) {
    if (!ALLOWED_KEYWORDS.has(issue.keyword ?? '')) return null;
    if (issue.keyword === 'const') literalValues.push(issue.params?.allowedValue);
    else if (issue.keyword === 'enum') literalValues.push(...(issue.params?.allowedValues ?? []));
    else if (issue.keyword === 'type') types.push(...([] as string[]).concat(issue.params?.type ?? []));
  }
  const values = literalValues.map(showValue);
  const unique = <T>(list: T[]) => [...new Set(list)];
  if (values.length === 0) return types.length > 0 ? `must be ${unique(types).join(' or ')}` : null;
  // A literal's own type ('CAD' is a string) says nothing the literal does not: a list or a number
  // given for CAD | NGN must be one of CAD, NGN, not also 'a string'.
  const literalTypes = new Set<string>(literalValues.map((value) => (value === null ? 'null' : typeof value)));
  const otherTypes = types.filter((type) => !literalTypes.has(type === 'integer' ? 'number' : type));
  const options = unique([...values, ...otherTypes.map((type) => (type === 'null' ? 'null' : `a ${type}`))]);
  return options.length === 1 ? `must be ${options[0]}` : `must be one of: ${options.join(', ')}`;
}

/** Turns a schema validation failure into one readable sentence naming the field. */
function describeValidation(context: string | undefined, issues: ValidationIssue[], body: unknown): string {
  const issue = issues[0];
  const where = context === 'body' || !context ? '' : ` (${context})`;
  if (issue?.params?.missingProperty) {
    const parent = issue.instancePath ? `${issue.instancePath.replace(/^\//, '').replace(/\//g, '.')}.` : '';
    return `${parent}${issue.params.missingProperty} is required${where}`;
  }
  const path = issue?.instancePath ?? '';
  const field = path.replace(/^\//, '').replace(/\//g, '.');
  const atPath = issues.filter((other) => (other.instancePath ?? '') === path);
  // The branch of a union whose type matched failed for a reason of its own (length, format…).
  const specific = atPath.find((other) => !ALLOWED_KEYWORDS.has(other.keyword ?? ''));
  const message = specific?.message ?? describeAllowed(atPath) ?? issue?.message ?? 'is invalid';
  if (field) return `${field} ${message}${where}`;
  if (context === 'body' || !context) return body === undefined ? 'Request body is required' : `Request body ${message}`;
  return `Invalid request${where}: ${message}`;
}

/**
 * One error handler for the whole API: 4xx in the spec's { success: false, message } shape with
 * a clear message; anything else is logged with the request id and answered generically. A
 * caller whose session is still to be confirmed (`app.authenticateToken`) gets it confirmed first,
 * so a dead session is a 401 before anything else, as with `app.authenticate`.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(async (failure: FastifyError | ApiError, request, reply) => {
    let error = failure;
    if (request.sessionToConfirm) {
      try {
        await confirmCallerSession(app, request);
      } catch (err) {
        error = err as ApiError;
      }
    }
    if (error instanceof ApiError) {
      return reply.status(error.statusCode).send({ success: false, message: error.message });
    }
    const fe = error as FastifyError;
    if (fe.validation) {
      return reply
        .status(400)
        .send({ success: false, message: describeValidation(fe.validationContext, fe.validation as ValidationIssue[], request.body) });
    }
    const status = fe.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
        ? 'Request body is not valid JSON'
        : fe.message;
      return reply.status(status).send({ success: false, message });
    }
    if (isDatabaseUnavailable(error)) {
      const { code, message } = error as { code?: string; message?: string };
      request.log.warn({ reqId: request.id, code, reason: message }, 'database unavailable: answered 503');
      return reply.status(503).header('retry-after', '1').send({ success: false, message: UNAVAILABLE_MESSAGE });
    }
    request.log.error({ err: error, reqId: request.id }, 'request failed');
    return reply.status(500).send({ success: false, message: INTERNAL_ERROR_MESSAGE });
  });
}
