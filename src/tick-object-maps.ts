// Keeps one of process.nextTick's tick objects alive for the life of the process. On Node 20 (V8 11)
// nextTick builds each tick object with a literal whose keys, from its first computed (symbol) key on,
// V8 defines through feedback slots that record the hidden class they saw, weakly, and turn megamorphic
// for good on seeing another. A full GC while no tick object is alive frees those classes, the next tick
// makes new ones, and from then on TurboFan-compiled nextTick defines them through V8's runtime (about
// 190 ns more a call; a request makes about nine). Startup's GCs did this in most starts of the service,
// at random. A live tick object keeps its hidden class, and those it was built through, alive; harmless
// on later Node versions. Measured in bench/RESULTS.md, "2026-12-01 18:20-19:05 UTC: nextTick through
// V8's runtime, at random".
import { createHook } from 'node:async_hooks';

let pinned: object | undefined;

/** The tick object kept (for the test). */
export const keptTickObject = () => pinned;

// A hook for the one tick, on only while it is made: reading the running resource instead
// (executionAsyncResource) would make Node wrap every later callback from C++ for good.
const hook = createHook({
  init(_asyncId, type, _triggerAsyncId, resource) {
    if (type === 'TickObject') pinned ??= resource;
  },
}).enable();
process.nextTick(() => {});
hook.disable();
