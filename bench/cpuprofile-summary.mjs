// Summarises a V8 .cpuprofile (from `node --cpu-prof`): self time by function and by package/module.
// Bundled code (dist/server/index.mjs bundles React and our code) is mapped back to its sources through the
// bundle's source map (node:module SourceMap), so react-dom, our server/ files and the storefront show
// apart. Usage: node bench/cpuprofile-summary.mjs <file.cpuprofile> [--requests N] [--top 15]
//        node bench/cpuprofile-summary.mjs <file.cpuprofile> --callers <functionName>  (heaviest call paths)
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SPECIAL = new Set(['(garbage collector)', '(program)', '(idle)', '(root)']);

const sourceMaps = new Map();
function sourceMapOf(file) {
  if (!sourceMaps.has(file)) {
    let map = null;
    const candidate = `${file}.map`;
    if (existsSync(candidate)) {
      try {
        map = new SourceMap(JSON.parse(readFileSync(candidate, 'utf8')));
      } catch {}
    }
    sourceMaps.set(file, map);
  }
  return sourceMaps.get(file);
}

/** The original source file and line of a call frame (through the bundle's source map when there is one). */
function locate(callFrame) {
  const { url, lineNumber, columnNumber } = callFrame;
  if (!url) return { file: '', line: -1 };
  if (!url.startsWith('file://')) return { file: url, line: lineNumber + 1 };
  const file = fileURLToPath(url);
  const map = sourceMapOf(file);
  if (map && lineNumber >= 0) {
    const entry = map.findEntry(lineNumber, columnNumber);
    if (entry?.originalSource) {
      const source = entry.originalSource.startsWith('file://')
        ? fileURLToPath(entry.originalSource)
        : path.resolve(path.dirname(file), entry.originalSource);
      return { file: source, line: entry.originalLine + 1 };
    }
  }
  return { file, line: lineNumber + 1 };
}

/** The package (npm name), our module group (server/, shared/ui, ...) or node internals of a source file. */
export function groupOf(file, functionName) {
  if (!file) return SPECIAL.has(functionName) ? functionName : '(V8 builtins / native)';
  if (file.startsWith('node:')) {
    const name = file.replace(/^node:(internal\/)?/, '').replace(/^_/, '');
    const top = name.split('/')[0].replace(/_.*$/, '');
    return `node:${top}`;
  }
  const modules = file.lastIndexOf('node_modules/');
  if (modules !== -1) {
    const parts = file.slice(modules + 'node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const relative = path.relative(ROOT, file).split(path.sep).join('/');
  if (relative.startsWith('..')) return relative;
  const parts = relative.split('/');
  if (parts[0] === 'apps' && parts[1] === 'storefront' && parts[2] === 'server')
    return 'ours: apps/storefront/server (app data)';
  if (parts[0] === 'server') return 'ours: server/ (runtime)';
  if (parts[0] === 'shared' && parts.length > 2) return `ours: shared/${parts[1]}`;
  if (relative.startsWith('bench/results/dist/')) return 'ours: bundle (no source mapping)';
  if (relative.startsWith('bench/results/build/')) return 'baseline: bundle (no source mapping)';
  if (parts[0] === 'bench') return 'baseline: bench/';
  return `ours: ${parts[0]}`;
}

function shortFile(file) {
  if (!file) return '';
  if (file.startsWith('node:')) return file;
  const modules = file.lastIndexOf('node_modules/');
  if (modules !== -1) return file.slice(modules + 'node_modules/'.length);
  return path.relative(ROOT, file).split(path.sep).join('/');
}

/**
 * Self time (ms) by function and by group; `busyMs` excludes (idle). With `fromUs`/`toUs` (monotonic µs, the
 * clock of the profile's timestamps and of process.hrtime), only samples inside that window count; when none
 * does, the whole profile counts and `windowed` is false.
 */
export function summarize(profile, { fromUs = -Infinity, toUs = Infinity } = {}) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const tally = (from, to) => {
    const selfUs = new Map();
    let time = profile.startTime;
    for (let index = 0; index < profile.samples.length; index++) {
      const delta = profile.timeDeltas[index] ?? 0;
      time += delta;
      if (time < from || time > to) continue;
      const id = profile.samples[index];
      selfUs.set(id, (selfUs.get(id) ?? 0) + delta);
    }
    return selfUs;
  };
  let selfUs = tally(fromUs, toUs);
  const windowed = selfUs.size > 0;
  if (!windowed) selfUs = tally(-Infinity, Infinity);
  const functions = new Map();
  const groups = new Map();
  let totalUs = 0;
  let idleUs = 0;
  for (const [id, us] of selfUs) {
    const { callFrame } = nodes.get(id);
    totalUs += us;
    if (callFrame.functionName === '(idle)') {
      idleUs += us;
      continue;
    }
    const { file, line } = locate(callFrame);
    const group = groupOf(file, callFrame.functionName);
    const name = callFrame.functionName || '(anonymous)';
    const key = `${name} ${shortFile(file)}:${line}`;
    const entry = functions.get(key) ?? {
      name,
      location: file ? `${shortFile(file)}:${line}` : '',
      group,
      us: 0,
    };
    entry.us += us;
    functions.set(key, entry);
    groups.set(group, (groups.get(group) ?? 0) + us);
  }
  const busyUs = totalUs - idleUs;
  const toMs = (us) => Math.round(us / 10) / 100;
  return {
    windowed: windowed && Number.isFinite(fromUs),
    totalMs: toMs(totalUs),
    idleMs: toMs(idleUs),
    busyMs: toMs(busyUs),
    functions: [...functions.values()]
      .sort((a, b) => b.us - a.us)
      .map((entry) => ({ ...entry, ms: toMs(entry.us), share: entry.us / busyUs })),
    groups: [...groups.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([group, us]) => ({ group, ms: toMs(us), share: us / busyUs })),
  };
}

/** The heaviest call paths (leaf first, `depth` frames) ending in functions named `name`, by self time. */
export function callersOf(profile, name, { depth = 8, top = 5 } = {}) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const selfUs = new Map();
  for (let index = 0; index < profile.samples.length; index++) {
    const id = profile.samples[index];
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
  }
  const paths = new Map();
  for (const [id, us] of selfUs) {
    if (nodes.get(id).callFrame.functionName !== name) continue;
    const frames = [];
    for (let current = id; current !== undefined && frames.length < depth; current = parents.get(current)) {
      const { callFrame } = nodes.get(current);
      const { file, line } = locate(callFrame);
      frames.push(`${callFrame.functionName || '(anonymous)'} ${shortFile(file)}:${line}`);
    }
    const key = frames.join('\n    ← ');
    paths.set(key, (paths.get(key) ?? 0) + us);
  }
  return [...paths.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([stack, us]) => ({ ms: Math.round(us / 10) / 100, stack }));
}

/** Text tables of the top functions and groups; per-request cost when `requests` is given. */
export function formatSummary(summary, { top = 15, requests } = {}) {
  const perRequest = (ms) => (requests ? `${((ms * 1000) / requests).toFixed(0).padStart(6)} µs/req` : '');
  const lines = [
    `busy ${summary.busyMs.toFixed(0)} ms, idle ${summary.idleMs.toFixed(0)} ms${requests ? `, ${requests} requests → ${((summary.busyMs * 1000) / requests).toFixed(0)} µs CPU per request` : ''}`,
    '',
    `top ${top} functions by self time:`,
  ];
  for (const entry of summary.functions.slice(0, top)) {
    lines.push(
      `  ${(entry.share * 100).toFixed(1).padStart(5)}%  ${entry.ms.toFixed(0).padStart(6)} ms ${perRequest(entry.ms)}  ${entry.name}  ${entry.location}  [${entry.group}]`,
    );
  }
  lines.push('', `top ${top} packages / modules by self time:`);
  for (const entry of summary.groups.slice(0, top)) {
    lines.push(
      `  ${(entry.share * 100).toFixed(1).padStart(5)}%  ${entry.ms.toFixed(0).padStart(6)} ms ${perRequest(entry.ms)}  ${entry.group}`,
    );
  }
  return lines.join('\n');
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isMain) {
  const args = process.argv.slice(2);
  const option = (name) => {
    const index = args.indexOf(name);
    return index === -1 ? undefined : Number(args.splice(index, 2)[1]);
  };
  const callersIndex = args.indexOf('--callers');
  const callers = callersIndex === -1 ? undefined : args.splice(callersIndex, 2)[1];
  const requests = option('--requests');
  const top = option('--top') ?? 15;
  if (args.length === 0) {
    console.error(
      'usage: node bench/cpuprofile-summary.mjs <file.cpuprofile> [--requests N] [--top 15] [--callers <name>]',
    );
    process.exit(2);
  }
  for (const file of args) {
    console.log(`== ${file}`);
    const profile = JSON.parse(readFileSync(file, 'utf8'));
    if (callers) {
      for (const { ms, stack } of callersOf(profile, callers)) console.log(`${ms} ms\n    ${stack}\n`);
    } else console.log(formatSummary(summarize(profile), { top, requests }));
  }
}
