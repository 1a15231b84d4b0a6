// The test process's DATA_DIR: the sandbox bank's PKI, made once per process, and what its apps store on
// disk. It goes when the process's last test has ended, as the schema pool's schemas do: a root hook, in
// a test process only (benchmarks import the test helpers too).
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';

export const TEST_DATA_DIR = join(tmpdir(), `paybank-test-${process.pid}`);

if (process.env.NODE_TEST_CONTEXT) {
  after(() => rmSync(TEST_DATA_DIR, { recursive: true, force: true }));
}
