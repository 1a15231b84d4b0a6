// Builds what `npm start` runs: the service bundled by esbuild into dist/main.js (and the thread it sends
// webhooks from when they are many into dist/sender-thread.js), and the page templates copied to the same
// folders under dist/ (src/templates.ts finds them there). Types are checked by `npm run typecheck`, not
// here.
// Why a bundle: Node took about a second to resolve and load the ~1,000 files of the app and its
// dependencies one by one; one file loads in a third of that (DESIGN.md 8: ready within 1 s; measured
// by bench/startup.ts).
// Why dist/ is a link: a service reads its templates from its build folder while it runs, so a second
// `npm start` must never change that folder (deleting dist/ under a running service made it answer 500 on
// its pages for the second the build took). Each build goes to its own folder, .dist-<hash of the
// inputs>/ beside dist (the service finds ../package.json and ../node_modules from it as from dist/), and
// `dist` is a symlink switched to it by one rename, which is atomic. When nothing changed that folder
// exists already and nothing is built.
import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  lstatSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
} from 'node:fs';
import { join } from 'node:path';

const PREFIX = '.dist-';
/** Builds kept besides the current one, most recently used first: services still running from them. */
const KEEP = 4;

function collect(dir, out) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) collect(path, out);
    else out.push(path);
  }
  return out;
}

/** What a build is made from: the sources, this script and the locked dependency versions. */
function inputsHash() {
  const hash = createHash('sha256');
  for (const file of [...collect('src', []), 'scripts/build.mjs', 'package-lock.json'].sort()) {
    if (!existsSync(file)) continue;
    hash.update(`${file}\0`).update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

async function bundle(folder) {
  // Loaded only when there is something to build: a start with nothing changed needs no bundler.
  const { build } = await import('esbuild');
  await build({
    // The service, and the thread it sends webhooks from (src/workers/webhook-sender.ts finds it beside).
    entryPoints: { main: 'src/main.ts', 'sender-thread': 'src/workers/sender-thread.ts' },
    outdir: folder,
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
    cpSync(asset, join(folder, asset.slice('src/'.length)));
  }
}

const unique = () => `${process.pid}-${randomBytes(4).toString('hex')}`;

/** Builds into a scratch folder, then renames it into place: a build folder is complete or absent. */
async function buildOnce(target) {
  if (existsSync(target)) {
    const now = new Date();
    utimesSync(target, now, now);
    return;
  }
  const scratch = `${PREFIX}tmp-${unique()}`;
  try {
    await bundle(scratch);
    renameSync(scratch, target);
  } catch (err) {
    rmSync(scratch, { recursive: true, force: true });
    // Another `npm start` built the same inputs meanwhile: theirs is as good.
    if (!existsSync(target)) throw err;
  }
}

/** Points `dist` at `target` with one rename; a dist/ folder of the old layout is moved aside first. */
function switchDist(target) {
  const current = lstatSync('dist', { throwIfNoEntry: false });
  if (current?.isDirectory()) renameSync('dist', `${PREFIX}old-${unique()}`);
  const link = `dist.${unique()}.tmp`;
  symlinkSync(target, link, 'dir');
  renameSync(link, 'dist');
}

/** Removes builds beyond the KEEP most recently used (and scratch folders of builds that died). */
function prune(target) {
  const scratchPrefix = `${PREFIX}tmp-`;
  const others = readdirSync('.')
    .filter((path) => path.startsWith(PREFIX) && path !== target)
    // Another build may be pruning too: a folder gone meanwhile is simply skipped.
    .map((path) => ({ path, used: statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? 0 }))
    .sort((a, b) => b.used - a.used);
  const stale = [
    ...others.filter(({ path }) => !path.startsWith(scratchPrefix)).slice(KEEP),
    ...others.filter(
      ({ path, used }) => path.startsWith(scratchPrefix) && Date.now() - used > 60 * 60 * 1000,
    ),
  ];
  for (const { path } of stale) rmSync(path, { recursive: true, force: true });
}

const target = `${PREFIX}${inputsHash()}`;
await buildOnce(target);
switchDist(target);
prune(target);
