// The `paybank` command: serve, migrate, and `admin`, which wraps every /admin/v1 route over HTTP.
// Imported first: its tick object must exist before startup's first full GC (tick-object-maps.ts).
import './tick-object-maps.js';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from './config.js';
import { openStore } from './store/database.js';
import { migrateToLatest } from './store/migrate.js';

const USAGE = `usage: paybank <command>

  help                                    this text (also --help)
  version                                 the version (also --version)
  serve                                   start the service (reads PORT, DATABASE_URL, ... from the environment)
  migrate                                 bring the database schema up to date and exit
  admin partner create --name N [--webhook-url U]
  admin partner list
  admin partner get --partner ID
  admin terminal create --partner ID --name N
  admin terminal rotate --partner ID --terminal TERMINAL_ID   a new terminal secret; the old one stops working
  admin terminal revoke --partner ID --terminal TERMINAL_ID
  admin api-key create --partner ID
  admin api-key revoke --partner ID --key KEY_ID
  admin company create --partner ID --json '{...company create body...}'
  admin user invite --partner ID --email E --role owner|admin|developer|viewer   (portal user)
  admin request METHOD /admin/v1/PATH [--json '{...}']   any other operator route
  bank register PROVIDER_ID               register paybank at an Open Banking bank (DCR over mTLS); prints the client id

admin options: --url (default $PAYBANK_URL or $PUBLIC_URL or http://localhost:8080), --token (default $ADMIN_TOKEN)
Answers are printed as JSON; a non-2xx answer exits with status 1.`;

type Flags = Record<string, string | undefined>;

interface AdminCall {
  method: string;
  path: string;
  body?: unknown;
}

function need(flags: Flags, name: string): string {
  const value = flags[name];
  if (!value) throw new UsageError(`--${name} is required`);
  return value;
}

class UsageError extends Error {}

/** A failure the operator can act on: printed as one line, exit status 1. */
class CliError extends Error {}

/** Brings the schema up to date; an operator is told what failed in one line, not a stack trace. */
async function migrate(): Promise<string[]> {
  let store: ReturnType<typeof openStore>;
  try {
    store = openStore(loadConfig().databaseUrl);
  } catch (err) {
    throw new CliError((err as Error).message);
  }
  try {
    return await migrateToLatest(store.db);
  } catch (err) {
    throw new CliError(
      `migrate: the database schema could not be brought up to date: ${(err as Error).message}`,
    );
  } finally {
    await store.close().catch(() => undefined);
  }
}

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

/** What went wrong under fetch's bare "fetch failed": the network error it wraps. */
function networkCause(err: unknown): string {
  const cause =
    err instanceof Error ? (err.cause as { code?: string; message?: string } | undefined) : undefined;
  return cause?.message ?? cause?.code ?? (err instanceof Error ? err.message : String(err));
}

function jsonFlag(flags: Flags): unknown {
  if (flags.json === undefined) return undefined;
  try {
    return JSON.parse(flags.json);
  } catch {
    throw new UsageError('--json must be valid JSON');
  }
}

/** Turns `admin <noun> <verb> --flags` into the HTTP call it stands for. */
export function adminCall(words: string[], flags: Flags): AdminCall {
  const [noun, verb, ...rest] = words;
  const partner = () => `/admin/v1/partners/${encodeURIComponent(need(flags, 'partner'))}`;
  const terminal = () => `${partner()}/terminals/${encodeURIComponent(need(flags, 'terminal'))}`;
  switch (`${noun} ${verb}`) {
    case 'partner create':
      return {
        method: 'POST',
        path: '/admin/v1/partners',
        body: {
          name: need(flags, 'name'),
          ...(flags['webhook-url'] ? { webhookUrl: flags['webhook-url'] } : {}),
        },
      };
    case 'partner list':
      return { method: 'GET', path: '/admin/v1/partners' };
    case 'partner get':
      return { method: 'GET', path: partner() };
    case 'terminal create':
      return { method: 'POST', path: `${partner()}/terminals`, body: { name: need(flags, 'name') } };
    case 'terminal rotate':
      return { method: 'POST', path: `${terminal()}/secret` };
    case 'terminal revoke':
      return { method: 'DELETE', path: terminal() };
    case 'api-key create':
      return { method: 'POST', path: `${partner()}/api-keys` };
    case 'api-key revoke':
      return { method: 'DELETE', path: `${partner()}/api-keys/${encodeURIComponent(need(flags, 'key'))}` };
    case 'user invite':
      return {
        method: 'POST',
        path: `${partner()}/users`,
        body: { email: need(flags, 'email'), role: need(flags, 'role') },
      };
    case 'company create':
      return { method: 'POST', path: `${partner()}/companies`, body: jsonFlag(flags) ?? {} };
  }
  if (noun === 'request' && verb && rest[0]?.startsWith('/admin/v1/')) {
    return { method: verb.toUpperCase(), path: rest[0], body: jsonFlag(flags) };
  }
  throw new UsageError(`unknown admin command: ${words.join(' ')}`);
}

async function runAdmin(words: string[], flags: Flags): Promise<number> {
  const call = adminCall(words, flags);
  const base = (
    flags.url ??
    process.env.PAYBANK_URL ??
    process.env.PUBLIC_URL ??
    'http://localhost:8080'
  ).replace(/\/+$/, '');
  const token = flags.token ?? process.env.ADMIN_TOKEN;
  if (!token) throw new UsageError('an operator token is needed: --token or ADMIN_TOKEN');
  let response: Response;
  try {
    response = await fetch(`${base}${call.path}`, {
      method: call.method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(call.body !== undefined ? { body: JSON.stringify(call.body) } : {}),
    });
  } catch (err) {
    throw new CliError(
      `cannot reach the service at ${base} (${networkCause(err)}); is it running? (--url or PAYBANK_URL)`,
    );
  }
  const text = await response.text();
  let printed = text;
  try {
    printed = JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    // not JSON: print as is
  }
  (response.ok ? process.stdout : process.stderr).write(`${printed}\n`);
  return response.ok ? 0 : 1;
}

export async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      name: { type: 'string' },
      partner: { type: 'string' },
      key: { type: 'string' },
      terminal: { type: 'string' },
      json: { type: 'string' },
      url: { type: 'string' },
      token: { type: 'string' },
      'webhook-url': { type: 'string' },
      email: { type: 'string' },
      role: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean', short: 'v' },
    },
  });
  const [command, ...words] = positionals;
  if (values.version || command === 'version') {
    process.stdout.write(`paybank ${version()}\n`);
    return 0;
  }
  if (values.help || !command || command === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return command || values.help ? 0 : 2;
  }
  const flags: Flags = Object.fromEntries(
    Object.entries(values).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  switch (command) {
    case 'serve': {
      const { serve } = await import('./serve.js');
      await serve();
      return -1; // keeps running
    }
    case 'migrate': {
      const applied = await migrate();
      process.stdout.write(`${JSON.stringify({ applied })}\n`);
      return 0;
    }
    case 'admin':
      return runAdmin(words, flags);
    case 'bank': {
      const { runBankCommand } = await import('./cli-bank.js');
      try {
        process.stdout.write(`${await runBankCommand(words)}\n`);
      } catch (err) {
        if (err instanceof RangeError) throw new UsageError(err.message);
        throw new CliError((err as Error).message);
      }
      return 0;
    }
    default:
      throw new UsageError(`unknown command: ${command}`);
  }
}

try {
  const code = await main(process.argv.slice(2));
  if (code >= 0) process.exitCode = code;
} catch (err) {
  if (err instanceof UsageError || (err instanceof TypeError && 'code' in err)) {
    process.stderr.write(`paybank: ${err.message}\n\n${USAGE}\n`);
    process.exitCode = 2;
  } else if (err instanceof CliError) {
    process.stderr.write(`paybank: ${err.message}\n`);
    process.exitCode = 1;
  } else {
    throw err;
  }
}
