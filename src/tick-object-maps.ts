// Keeps one of process.nextTick's tick objects alive for the life of the process. On Node 20 (V8 11)
// nextTick builds each tick object with a literal whose computed keys V8 tracks by the hidden class it
// saw, held weakly: a full GC while no tick is queued frees that class, the next tick makes a new one,
// and the site turns megamorphic for good, so that every nextTick then goes through V8's runtime
// (about 190 ns more a call; a request makes about nine). Startup's GCs did this in most starts of the
// service, at random. A live tick object keeps its hidden class, and those it was built through, alive.
// bench/RESULTS.md (2026-12-01 18:30-19:20) has the measurements.
import { executionAsyncResource } from 'node:async_hooks';

let pinned: object | undefined;

/** The tick object kept, once the first tick has run (for the test). */
export const keptTickObject = () => pinned;

// Inside a nextTick callback, the running resource is its tick object.
process.nextTick(() => {
  pinned = executionAsyncResource();
});
