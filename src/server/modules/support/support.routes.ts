import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { answers } from '../../../shared/messages';

const SupportConfig = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  data: Type.Object({ supportTools: Type.Boolean() }),
});

/** GET /support/config (public): whether support tools (/support/replay) are enabled on this server. */
export async function supportRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/support/config',
    { schema: { tags: ['system'], summary: 'Whether support tools are enabled', response: { 200: SupportConfig } } },
    async () => ({ success: true as const, message: answers.supportConfig, data: { supportTools: app.config.supportTools } }),
  );
}
