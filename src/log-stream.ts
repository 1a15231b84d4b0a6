// Where the log's lines go by default: stdout, written from the event loop's thread once per turn of the
// loop. pino's default stream handed each line to libuv's thread pool (two thread switches and a wake-up
// of the loop per line); one write per line from this thread was still a system call per request.
// Lines logged in one turn (every request answered in it) go out in one write when the turn's I/O is
// done, and at exit; a line at `error` or above goes out at once, with what was pending before it, so the
// lines that explain a crash are out even if the process then dies without an exit (out of memory, a
// signal). A killed process loses at most the lines below `error` of the turn it was in.
import pino from 'pino';

export interface LineStream {
  write(line: string): void;
  /** Writes what is pending now (pino calls it before a fatal exit). */
  flushSync(): void;
  /** pino's `logger.flush(cb)`. */
  flush(done?: (err?: Error) => void): void;
  /** Set by pino before each write (it asks for it with needsMetadataGsym): the line's level. */
  lastLevel?: number;
}

const ERROR = 50;

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
  const stream: LineStream = {
    write(line) {
      // Lines written past pino (the request log, http/request-log.ts) carry no level: taken once.
      const level = stream.lastLevel ?? 0;
      stream.lastLevel = undefined;
      if (pending === '') setImmediate(flushSync);
      pending += line;
      if (level >= ERROR) flushSync();
    },
    flushSync,
    flush(done) {
      flushSync();
      done?.();
    },
  };
  Object.assign(stream, { [pino.symbols.needsMetadataGsym]: true });
  return stream;
}

/** The one stdout stream of the process, whatever number of apps it builds. */
export function stdoutLines(): LineStream {
  stdout ??= batchedStdout();
  return stdout;
}
