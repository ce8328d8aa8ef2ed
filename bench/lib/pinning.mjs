import { execFileSync } from 'node:child_process';

/** taskset (util-linux) and at least two cores: servers on core 0, load generator and this process on core 1. */
export function pinning() {
  let taskset = null;
  try {
    execFileSync('taskset', ['--version'], { stdio: 'ignore' });
    taskset = 'taskset';
  } catch {}
  let cores = 1;
  try {
    cores = Number(execFileSync('nproc', { encoding: 'utf8' }).trim()) || 1;
  } catch {}
  const enabled = taskset !== null && cores >= 2;
  return {
    enabled,
    cores,
    note: enabled
      ? 'servers pinned to core 0; autocannon, TTFB client, Sentry capture endpoint and this runner to core 1'
      : `unpinned (${taskset ? `only ${cores} core` : 'taskset not found'})`,
    /** [command, args] running `node args` on `core` when pinning is available. */
    node(core, args) {
      return this.command(core, process.execPath, args);
    },
    /** [command, args] running `file args` on `core` when pinning is available. */
    command(core, file, args) {
      return enabled ? ['taskset', ['-c', String(core), file, ...args]] : [file, args];
    },
    pinSelf(core) {
      if (enabled)
        execFileSync('taskset', ['-a', '-cp', String(core), String(process.pid)], { stdio: 'ignore' });
    },
  };
}
