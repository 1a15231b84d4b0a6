// Builds dist/ for `npm start`: the service bundled by esbuild into dist/main.js, and the page templates
// copied to the same folders under dist/ (src/templates.ts finds them there). Types are checked by
// `npm run typecheck`, not here. It takes about a second, so `npm start` builds every time and never runs
// a stale dist/.
// Why a bundle: Node took about a second to resolve and load the ~1,000 files of the app and its
// dependencies one by one; one file loads in a third of that (DESIGN.md 8: ready within 1 s; measured
// by bench/startup.ts).
import { cpSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

function collect(dir, out) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) collect(path, out);
    else out.push(path);
  }
  return out;
}

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Loaded from node_modules at run time: a native addon, packages that read files of their own, and
  // those the service loads only when first needed.
  external: [
    'better-sqlite3',
    'pg',
    'pg-native',
    '@fastify/swagger',
    '@fastify/swagger-ui',
    'nodemailer',
    'date-holidays',
    'qrcode',
  ],
  // Bundled CommonJS packages call require(); an ES module has none of its own.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
for (const asset of collect('src', []).filter((f) => f.endsWith('.eta'))) {
  cpSync(asset, join('dist', asset.slice('src/'.length)));
}
