import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

/** Who holds a lease: unique per process start, so a restarted process never mistakes an old claim for its own. */
export const PROCESS_OWNER = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
