// Loaded into every process that runs test files (scripts/test.mjs passes it with --import), so that
// a run can neither hang nor hide why:
// - a test still running after TEST_WATCHDOG_MINUTES (10) fails its process, naming the test and what
//   it had open: node:test has no per-test default timeout, and --test-timeout also times the whole
//   file, which here is a share of the suite running for minutes;
// - what is still open once every test has ended is named on stderr. The runner then exits anyway
//   (--test-force-exit): a leaked handle once kept a share alive until CI's 90 minutes ran out.
import { after, beforeEach } from 'node:test';

// The runner's own process imports this too; hooks belong only in the processes that run tests.
if (process.env.NODE_TEST_CONTEXT) {
  // The standard streams open their pipes when first used (importing 'node:process' uses all three):
  // open them now, into the baseline.
  void process.stdin;
  void process.stdout;
  void process.stderr;
  const baseline = counted();
  // Anything but a positive number of minutes (within what a timer holds) is the default.
  const minutes = Number(process.env.TEST_WATCHDOG_MINUTES);
  const limitMs = minutes > 0 && minutes * 60_000 < 2 ** 31 ? minutes * 60_000 : 10 * 60_000;

  beforeEach((t) => {
    const name = t.fullName ?? t.name;
    const watchdog = setTimeout(() => {
      process.stderr.write(
        `\n# watchdog: "${name}" still running after ${limitMs / 60_000} min; open: ${openResources().join(', ') || 'nothing'}\n`,
      );
      process.exit(1);
    }, limitMs);
    watchdog.unref();
    // The test's signal is aborted once its own after-hooks (closing apps, dropping schemas) have run,
    // so a cleanup that hangs is watched too; afterEach comes before them.
    t.signal.addEventListener('abort', () => clearTimeout(watchdog), { once: true });
  });

  after(async () => {
    // Closes started by the last test's own after-hooks may still be finishing.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const open = openResources();
    if (open.length > 0)
      process.stderr.write(`# still open after every test of this process: ${open.join(', ')}\n`);
  });

  /** What keeps the event loop alive beyond what did when this process started (its standard streams). */
  function openResources() {
    const out = [];
    for (const [kind, n] of counted()) {
      const more = n - (baseline.get(kind) ?? 0);
      if (more > 0) out.push(more > 1 ? `${kind} x${more}` : kind);
    }
    return out;
  }
}

function counted() {
  const counts = new Map();
  for (const kind of process.getActiveResourcesInfo()) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  return counts;
}
