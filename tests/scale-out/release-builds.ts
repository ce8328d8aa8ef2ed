// The two builds of the rolling release test: build A is the run's build of the storefront; build B is an
// edited copy of the storefront built on top of a copy of A's folder, as a release is (docs/production.md).
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from '../../build.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const STOREFRONT = path.join(ROOT, 'apps/storefront');

/** What B's help step adds to the page's data, and B's help page shows (A's page knows no such field). */
export const B_DATA = 'release-b-data';
/** B's help page carries `data-code="B"` (its own text, so its chunk's name differs from A's). */
export const B_CODE_SELECTOR = '[data-code="B"]';

/** Each edit of B's copy: the text it replaces, once, and by what. */
const B_EDITS = [
  {
    file: 'pages/help.tsx',
    from: '<p className="lead">{messages.helpIntro}</p>',
    to: `<p className="lead">{messages.helpIntro}</p>
        <p className="lead" data-code="B">{(data as { release?: string }).release}</p>`,
  },
  {
    file: 'server/steps/help.ts',
    from: 'return { sections: helpSections(locale) };',
    to: `return { sections: helpSections(locale), release: ${JSON.stringify(B_DATA)} };`,
  },
];

export interface ReleaseBuilds {
  /** Build A's folder (the run's build). */
  a: string;
  /** Build B's folder: B built over a copy of A's, so it keeps A's client files. */
  b: string;
  buildIdOf(dir: string): Promise<string>;
  remove(): Promise<void>;
}

/**
 * Copies the storefront into the project's .cache/ folder (where its `#runtime/…` imports resolve), edits
 * one page and one data step, and builds it over a copy of `buildA` inside node_modules/.cache (where the
 * server bundle resolves its packages).
 */
export async function makeReleaseBuilds(buildA: string): Promise<ReleaseBuilds> {
  const appsDir = path.join(ROOT, '.cache');
  await mkdir(appsDir, { recursive: true });
  const appCopy = await mkdtemp(path.join(appsDir, 'release-b-app-'));
  const b = await mkdtemp(path.join(ROOT, 'node_modules/.cache/release-b-'));
  const remove = () =>
    Promise.all([appCopy, b].map((dir) => rm(dir, { recursive: true, force: true }))).then(() => {});
  try {
    await cp(STOREFRONT, appCopy, { recursive: true });
    for (const edit of B_EDITS) await replaceOnce(path.join(appCopy, edit.file), edit.from, edit.to);
    await cp(buildA, b, { recursive: true });
    const relative = (file: string) => path.relative(ROOT, path.join(appCopy, file));
    await build({ outdir: b, app: { app: relative('app.ts'), serverApp: relative('server-app.ts') } });
  } catch (error) {
    await remove();
    throw error;
  }
  return { a: buildA, b, buildIdOf, remove };
}

async function replaceOnce(file: string, from: string, to: string): Promise<void> {
  const text = await readFile(file, 'utf8');
  if (text.split(from).length !== 2) throw new Error(`${file} should hold "${from}" once: update B_EDITS`);
  await writeFile(file, text.replace(from, to));
}

/** The build id of a build folder: the id the newest record of dist/client-builds.json names. */
async function buildIdOf(dir: string): Promise<string> {
  const record = JSON.parse(await readFile(path.join(dir, 'client-builds.json'), 'utf8')) as {
    buildId: string;
  }[];
  const newest = record[0]?.buildId;
  if (!newest) throw new Error(`${dir} has no build record`);
  return newest;
}
