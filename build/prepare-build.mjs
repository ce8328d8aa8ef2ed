import { spawn } from 'node:child_process';
import path from 'node:path';

/**
 * Runs the server bundle's prepare step (server/process/prepare-build.ts) in a process of its own: the app's
 * `services.prepareBuild` writes into `outdir` what its start reads (a database app: its migrated database
 * snapshot). Rejects with the step's output when it fails.
 */
export async function prepareBuild(outdir) {
  const child = spawn(process.execPath, [path.join(outdir, 'server', 'prepare-build.mjs')], {
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
  if (code !== 0) throw new Error(`the app's prepareBuild failed (exit ${code}):\n${output}`);
}
