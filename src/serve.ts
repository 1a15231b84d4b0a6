// Start the service: config, database, migrations, HTTP, workers; graceful shutdown on SIGTERM/SIGINT.
import { type Config, ConfigError, loadConfig } from './config.js';
import { ensureAdminToken } from './domain/partners/admin-token.js';
import { buildApp } from './server.js';
import { startWorkers } from './workers/start-workers.js';

export async function serve(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`paybank: invalid configuration: ${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  const { app, deps, listen } = await buildApp({ config });
  const token = await ensureAdminToken(deps);
  if (token) app.log.warn(`no ADMIN_TOKEN set: generated operator token (shown once): ${token}`);
  await listen({ port: config.port, host: config.host });
  const stopWorkers = config.workers ? startWorkers(deps) : async () => {};

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight work');
    // A stuck connection must not keep the process alive for ever.
    setTimeout(() => process.exit(1), 25_000).unref();
    // Deliveries in flight finish (each within its 10 s time-out) and unfinished claims are released
    // before the database closes with the app.
    await stopWorkers();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
