// The test process's DATA_DIR: the sandbox bank's PKI, made once per process, and what its apps store on
// disk. It goes when the process exits. Not in a root after() hook: node's runner runs those whenever the
// root has no test left to run, which can come before a file that awaits at its top level has
// registered its tests (test/providers/providers.test.ts makes its key files so), and the PKI, kept in
// memory once made, would not be written again.
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const TEST_DATA_DIR = join(tmpdir(), `paybank-test-${process.pid}`);

if (process.env.NODE_TEST_CONTEXT) {
  process.once('exit', () => rmSync(TEST_DATA_DIR, { recursive: true, force: true }));
}
