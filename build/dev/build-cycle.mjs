// The watchers of dev mode: esbuild contexts of the client and the server bundles (the production options,
// not minified). A change seen by one watcher rebuilds the other bundle too, so one edit means one restart:
// a cycle is the builds of both, and `onCycleEnd` runs once per cycle with both results.

const NAMES = ['client', 'server'];

export function createBuildCycle({ onCycleEnd }) {
  const contexts = {};
  const latest = {};
  const building = new Set();
  // The first cycle is the initial build of both; later ones start when a watcher sees a change.
  let pending = new Set(NAMES);
  let active = true;
  let startedAt = performance.now();

  const endIfDone = () => {
    if (!active || pending.size > 0) return;
    active = false;
    onCycleEnd(latest, Math.round(performance.now() - startedAt));
  };
  /** Rebuilds `name` too, so that a change under shared/ (seen by one watcher first) restarts once. */
  const kick = (name) => {
    pending.add(name);
    contexts[name]
      .rebuild()
      .catch(() => {}) // reported by onEnd
      .finally(() => {
        if (pending.has(name) && !building.has(name)) {
          pending.delete(name);
          endIfDone();
        }
      });
  };

  function started(name) {
    building.add(name);
    if (!active) {
      active = true;
      startedAt = performance.now();
      pending = new Set([name]);
      for (const other of NAMES) if (other !== name) kick(other);
    }
    pending.add(name);
  }
  function ended(name, result) {
    building.delete(name);
    latest[name] = result;
    pending.delete(name);
    endIfDone();
  }

  return {
    contexts,
    get active() {
      return active;
    },
    /** True when the last build of either bundle failed. */
    failed: () => NAMES.some((name) => latest[name]?.errors.length),
    /** The esbuild plugin that tells the cycle when bundle `name` starts and ends a build. */
    plugin: (name) => cyclePlugin(name, { started, ended }),
    watch: () => Promise.all(NAMES.map((name) => contexts[name].watch())),
    dispose: () => Promise.allSettled(Object.values(contexts).map((context) => context.dispose())),
  };
}

function cyclePlugin(name, { started, ended }) {
  return {
    name: 'dev-cycle',
    setup(build) {
      build.onStart(() => started(name));
      build.onEnd((result) => ended(name, result));
    },
  };
}
