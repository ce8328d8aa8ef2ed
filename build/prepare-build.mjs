import { spawn } from 'node:child_process';
import path from 'node:path';

/**
 * Runs the server bundle's prepare step (server/process/prepare-build.ts) in a process of its own: the app's
 * `services.prepareBuild` writes into `outdir` what its start reads (such as a migrated database
 * snapshot). Rejects with the step's output when it fails.
 */
export function prepareBuild(outdir) {
  return runBuildStep(outdir, 'prepare-build', "the app's prepareBuild");
}

/**
 * Runs the server bundle's prerender step (server/process/prerender.ts) in a process of its own, once the
 * client files, the manifest and the database snapshot are written: the app's prerendered routes become
 * files in `outdir/prerendered/`. Rejects with the step's output when it fails.
 */
export function prerender(outdir) {
  return runBuildStep(outdir, 'prerender', 'prerendering');
}

async function runBuildStep(outdir, entry, what) {
  const child = spawn(process.execPath, [path.join(outdir, 'server', `${entry}.mjs`)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const code = await new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`${what} failed (exit ${code}):\n${output}`);
}
