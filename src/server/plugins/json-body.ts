import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies as Fastify parses them (prototype-poisoning refused), except that an empty body
 * counts as no body: calls whose payload is "none" (spec §7) are often sent with a JSON
 * content type by default. A route that needs a body still refuses it ('Request body is
 * required'), and malformed JSON stays a 400.
 */
export function registerJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
