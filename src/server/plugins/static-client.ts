import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { API_PREFIX } from '../../shared/product';

/** Paths of files, not of the app's screens: the build's assets, and names with a static file's extension. */
const MISSING_FILE = /^\/assets\/|\.(?:js|mjs|css|map|json|ico|png|jpe?g|gif|svg|webp|woff2?|ttf|txt|webmanifest|br|gz)$/i;

/**
 * Serves the built client from the same origin. Unknown non-API GET paths return the app
 * (history fallback); unknown API paths answer 404 in the API's error shape.
 * '/' gets index.html, where the build has rendered the sign-in screen (scripts/prerender.mjs);
 * every other path gets shell.html, the same page with an empty #root, so that a deep link (say
 * /dashboard for a signed-in customer) does not show the sign-in form until the app starts.
 */
export async function registerStaticClient(app: FastifyInstance, publicDir: string): Promise<void> {
  const built = existsSync(path.join(publicDir, 'index.html'));
  // A build without the prerender step (webpack alone) has no shell: index.html is the shell then.
  const shell = existsSync(path.join(publicDir, 'shell.html')) ? 'shell.html' : 'index.html';
  if (built) {
    await app.register(fastifyStatic, {
      root: publicDir,
      wildcard: false,
      index: false,
      // The build writes .br/.gz copies of text assets (webpack.config.js).
      preCompressed: true,
      // Our own cache-control below, not the plugin's 'max-age=0'.
      cacheControl: false,
      setHeaders(res, filePath) {
        res.setHeader(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        // The answer depends on Accept-Encoding (a .br or .gz copy, or the plain file).
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === API_PREFIX || request.url.startsWith(`${API_PREFIX}/`);
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ success: false, message: `Route ${request.method} ${request.url.split('?')[0]} not found` });
    }
    if (!built) {
      return reply.status(404).type('text/plain').send('The app is not built. Run `npm run build` (npm start does it).');
    }
    // A file that is not there (an old build's chunk, say) is a 404, never the page in its place:
    // a page loaded before a new build then fails its import plainly instead of parsing HTML as code.
    if (MISSING_FILE.test(request.url.split('?')[0] ?? '')) {
      return reply.status(404).header('cache-control', 'no-cache').type('text/plain').send('Not found');
    }
    const page = request.url === '/' || request.url.startsWith('/?') ? 'index.html' : shell;
    return reply.header('cache-control', 'no-cache').sendFile(page);
  });
}
