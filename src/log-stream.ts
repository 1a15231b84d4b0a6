// Where the log's lines go by default: stdout, written from the event loop's thread once per turn of the
// loop. pino's default stream handed each line to libuv's thread pool (two thread switches and a wake-up
// of the loop per line); one write per line from this thread was still a system call per request.
// Lines logged in one turn (every request answered in it) go out in one write when the turn's I/O is
// done, and at exit; a killed process loses at most the lines of the turn it was in.
import pino from 'pino';

export interface LineStream {
  write(line: string): void;
  /** Writes what is pending now (pino calls it before a fatal exit). */
  flushSync(): void;
}

let stdout: LineStream | undefined;

function batchedStdout(): LineStream {
  // Synchronous: a stalled reader blocks the write rather than lines piling up in memory.
  const out = pino.destination({ dest: 1, sync: true });
  let pending = '';
  const flushSync = () => {
    if (pending === '') return;
    const chunk = pending;
    pending = '';
    out.write(chunk);
  };
  process.on('exit', flushSync);
  return {
    write(line) {
      if (pending === '') setImmediate(flushSync);
      pending += line;
    },
    flushSync,
  };
}

/** The one stdout stream of the process, whatever number of apps it builds. */
export function stdoutLines(): LineStream {
  stdout ??= batchedStdout();
  return stdout;
}
