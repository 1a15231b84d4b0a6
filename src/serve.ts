// Start the service: config, database, migrations, HTTP, workers; graceful shutdown on SIGTERM/SIGINT.
// Imported first: its tick object must exist before startup's first full GC (tick-object-maps.ts).
import './tick-object-maps.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { ensureAdminToken } from './domain/partners/admin-token.js';
import { buildApp } from './server.js';
import { startWorkers } from './workers/start-workers.js';

const LISTEN_ERRORS: Record<string, string> = {
  EADDRINUSE: 'the port is already in use (stop what holds it, or set PORT)',
  EACCES: 'permission denied (choose a PORT above 1023)',
  EADDRNOTAVAIL: 'no such address on this machine (check HOST)',
};

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
  try {
    await deps.banks.discover();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`paybank: invalid configuration: ${err.message}\n`);
    await app.close();
    process.exit(2);
  }
  const token = await ensureAdminToken(deps);
  if (token) app.log.warn(`no ADMIN_TOKEN set: generated operator token (shown once): ${token}`);
  try {
    await listen({ port: config.port, host: config.host });
  } catch (err) {
    const reason = LISTEN_ERRORS[(err as NodeJS.ErrnoException).code ?? ''];
    if (!reason) throw err;
    // The operator's mistake, not a bug: one line naming the address and the way out, no stack trace.
    process.stderr.write(`paybank: cannot listen on ${config.host}:${config.port}: ${reason}\n`);
    await app.close();
    process.exit(1);
  }
  if (config.sandbox && !env.HOST) {
    app.log.warn(
      `SANDBOX=true: listening on ${config.host} only, as the sandbox controls take no credentials; set HOST to listen elsewhere`,
    );
  }
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
