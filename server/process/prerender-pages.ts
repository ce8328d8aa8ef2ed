import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import type { Express } from 'express';
import { buildHref } from '../../shared/routing/href.ts';
import type { Locales } from '../../shared/routing/locale.ts';
import { routeLeaves } from '../../shared/routing/route-leaves.ts';
import type { AppDefinition } from '../../shared/ui/app-definition.ts';
import { serverPartsOf } from '../app/server-parts.ts';
import { branchPolicy, versionOfBuild } from '../definition/cache-policy.ts';
import {
  PRERENDERED_DIR,
  PRERENDERED_INDEX,
  type PrerenderedEntry,
} from '../definition/prerendered-pages.ts';
import type { AnyServerApp } from '../definition/server-app-definition.ts';
import { startInProcessClient } from './in-process-client.ts';
import { type ListedPage, listPages } from './page-list.ts';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Headers of a page that say nothing of the page itself: a proxy serving its file must not repeat them. */
const NOT_THE_PAGES = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'content-type',
  'etag',
  'vary',
  'x-request-id',
  'transfer-encoding',
  'x-accel-buffering',
  'strict-transport-security',
]);

export interface PrerenderOptions {
  app: Express;
  appDefinition: AppDefinition;
  serverApp: AnyServerApp;
  locales: Locales;
  basePath: string;
  buildId: string;
  services: unknown;
  buildDir: string;
}

/**
 * Writes the app's prerendered routes (`serverApp.prerender`) into `{buildDir}/prerendered/`: each page in
 * each locale rendered in process as a visitor would get it, with one nonce for the build, as
 * `proxy/{locale prefix}{path}/index.html` plus `.br` and `.gz`, its headers in `index.json`, and
 * `nginx-headers.conf` for a proxy serving the files. Every segment of such a route needs `versionOfBuild`
 * as its version: its file then stays current for the build's life, and nginx may serve it itself. Throws,
 * naming the page, when one does not render as a public 200.
 */
export async function prerenderPages(options: PrerenderOptions): Promise<PrerenderedEntry[]> {
  const folder = path.join(options.buildDir, PRERENDERED_DIR);
  await rm(folder, { recursive: true, force: true });
  const listers = options.serverApp.prerender ?? {};
  if (Object.keys(listers).length === 0) return [];
  checkBuildVersioned(options.appDefinition, options.serverApp);
  const pages = await listPages({
    ...options,
    root: options.appDefinition.root,
    listers,
    routeIds: new Set(Object.keys(listers)),
  });
  const nonce = randomBytes(16).toString('base64');
  const client = await startInProcessClient(options.app);
  const entries: PrerenderedEntry[] = [];
  let proxyHeaders: [string, string][] = [];
  try {
    for (const page of pages) {
      const answer = await client.get(page.url, { cspNonce: nonce });
      const cacheControl = answer.headers.get('cache-control') ?? '';
      const etag = answer.headers.get('etag');
      if (answer.status !== 200 || !cacheControl.startsWith('public') || !etag) {
        throw new Error(
          `prerendered page ${page.url} answered ${answer.status} (Cache-Control: ${cacheControl}): a prerendered page must be a public 200`,
        );
      }
      const entry = fileEntry(page, options, {
        etag,
        cacheControl,
        csp: answer.headers.get('content-security-policy') ?? '',
      });
      await writePage(folder, entry.file, answer.body);
      entries.push(entry);
      proxyHeaders = [...answer.headers].filter(([name]) => !NOT_THE_PAGES.has(name));
    }
  } finally {
    await client.close();
  }
  await writeFile(path.join(folder, PRERENDERED_INDEX), `${JSON.stringify({ pages: entries }, null, 2)}\n`);
  await writeFile(path.join(folder, 'nginx-headers.conf'), nginxHeaders(proxyHeaders));
  return entries;
}

function fileEntry(
  page: ListedPage,
  options: PrerenderOptions,
  headers: { etag: string; cacheControl: string; csp: string },
): PrerenderedEntry {
  const localPath = buildHref('', options.locales.prefixOf(page.locale), page.appPath);
  // The bare root negotiates the locale (Accept-Language, the locale cookie) when there are several.
  const servedByProxy = !(localPath === '/' && options.locales.list.length > 1);
  const file = `${servedByProxy ? 'proxy' : 'node'}${localPath === '/' ? '' : localPath}/index.html`;
  return {
    locale: page.locale,
    appPath: page.appPath,
    file,
    etag: headers.etag,
    cacheControl: headers.cacheControl,
    contentSecurityPolicy: headers.csp,
    servedByProxy,
  };
}

async function writePage(folder: string, file: string, html: string): Promise<void> {
  const bytes = Buffer.from(html);
  const target = path.join(folder, file);
  await mkdir(path.dirname(target), { recursive: true });
  const brotli = await brotliAsync(bytes, {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  await Promise.all([
    writeFile(target, bytes),
    writeFile(`${target}.br`, brotli),
    writeFile(`${target}.gz`, await gzipAsync(bytes, { level: 9 })),
  ]);
}

/** `add_header` lines a proxy serving the files sends with them: the page's own, its nonce's policy included. */
function nginxHeaders(headers: readonly [string, string][]): string {
  const lines = headers.map(
    ([name, value]) => `add_header ${name} "${value.replaceAll('"', '\\"')}" always;`,
  );
  return `# Written by the build: the headers of its prerendered pages (nginx.example.conf includes it).\n${lines.join('\n')}\n`;
}

/** Refuses, at build, a prerendered route whose data may change without a build (its file would go stale). */
function checkBuildVersioned(appDefinition: AppDefinition, serverApp: AnyServerApp): void {
  for (const { branch } of routeLeaves([appDefinition.root])) {
    const id = branch.at(-1)?.id as string;
    if (!serverApp.prerender || !Object.hasOwn(serverApp.prerender, id)) continue;
    const policy = branchPolicy(
      branch.map((node) => node.id),
      serverPartsOf(serverApp).cache,
    );
    if (!policy?.versions?.every((version) => version === versionOfBuild)) {
      throw new Error(
        `prerendered route "${id}": give every segment of its branch a public cache policy with version: versionOfBuild (its pages change only with a build)`,
      );
    }
  }
}
