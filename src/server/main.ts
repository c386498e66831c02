import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrations';

/**
 * Process entry: config → database (+ migrations) → app → listen; SIGTERM/SIGINT close cleanly.
 * The app's modules load while the embedded database starts (cold start, docs/PERFORMANCE.md).
 */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Configuration error: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  const opening = openDatabase(config);
  opening.catch(() => undefined); // awaited below; a failure surfaces there
  const { buildApp } = await import('./app');
  const database = await opening;
  await migrateToLatest(database.db);
  const app = await buildApp({ config, db: database.db, onClose: () => database.close() });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (err) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl
    ? 'PostgreSQL (DATABASE_URL)'
    : `embedded PGlite ${config.dataDir ? `in ${config.dataDir}` : 'in memory'}`;
  app.log.info(`database: ${where}`);
  console.log(`\n  Kudi is running at http://localhost:${config.port}\n`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
