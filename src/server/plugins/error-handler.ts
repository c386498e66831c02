import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError, INTERNAL_ERROR_MESSAGE } from '../lib/errors';

interface ValidationIssue {
  instancePath?: string;
  params?: { missingProperty?: string };
  message?: string;
}

/** Turns a schema validation failure into one readable sentence naming the field. */
function describeValidation(context: string | undefined, issues: ValidationIssue[]): string {
  const issue = issues[0];
  const field =
    issue?.params?.missingProperty ?? issue?.instancePath?.replace(/^\//, '').replace(/\//g, '.') ?? '';
  const where = context === 'body' || !context ? '' : ` (${context})`;
  if (issue?.params?.missingProperty) return `${field} is required${where}`;
  if (field) return `${field} ${issue?.message ?? 'is invalid'}${where}`;
  return `Invalid request${where}: ${issue?.message ?? 'malformed input'}`;
}

/**
 * One error handler for the whole API: 4xx in the spec's { success: false, message } shape with
 * a clear message; anything else is logged with the request id and answered generically.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(error.statusCode).send({ success: false, message: error.message });
    }
    const fe = error as FastifyError;
    if (fe.validation) {
      return reply
        .status(400)
        .send({ success: false, message: describeValidation(fe.validationContext, fe.validation as ValidationIssue[]) });
    }
    const status = fe.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
        ? 'Request body is not valid JSON'
        : fe.message;
      return reply.status(status).send({ success: false, message });
    }
    request.log.error({ err: error, reqId: request.id }, 'request failed');
    return reply.status(500).send({ success: false, message: INTERNAL_ERROR_MESSAGE });
  });
}
