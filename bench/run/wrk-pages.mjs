// The pages of the wrk pair, each served by ours (the page's app on our runtime, as `npm start` runs it) and
// by its bare renderer (node:http + renderToPipeableStream, none of our code), and the check that both
// sides serve the same page before any load runs.
import {
  fetchText,
  LIGHT_BARE,
  LIGHT_DIST,
  LIGHT_PATH,
  PRODUCT_LIKE_BARE_CLIENT,
  PRODUCT_LIKE_BARE_SERVER,
  PRODUCT_LIKE_DIST,
  PRODUCT_LIKE_PATH,
  startServer,
  stopChild,
} from '../lib.mjs';
import { lightServerOptions } from './light.mjs';

/** The product-like page first: it is the independent bench's; the light page shows what the page changes. */
export const WRK_PAGES = {
  productLike: {
    label: 'product-like page (bench/product-like/)',
    path: PRODUCT_LIKE_PATH,
    distDir: PRODUCT_LIKE_DIST,
    bare: { server: PRODUCT_LIKE_BARE_SERVER, client: PRODUCT_LIKE_BARE_CLIENT, probe: PRODUCT_LIKE_PATH },
    row: /class="related__row"/g,
  },
  light: {
    label: 'light page (bench/light/)',
    path: LIGHT_PATH,
    distDir: LIGHT_DIST,
    bare: LIGHT_BARE,
    row: /class="products__row/g,
  },
};
export const SIDES = ['ours', 'bare'];

/**
 * Ours sends its runtime's fixed part beside the page (the navigation progress bar's stylesheet, the payload's
 * envelope, module preloads: about 1.5 KB), so the pages differ by some percent; more would be another page.
 */
const MAX_BYTES_DIFFERENCE = 0.1;
const ROWS = 50;

/** A new server process of `side` for `page`; `nodeArgs` are added to the side's own (ours: `npm start`'s). */
export function startSide(pin, page, side, nodeArgs = []) {
  if (side === 'bare') return startServer('bare', { pin, bare: page.bare, nodeArgs });
  const ours = lightServerOptions();
  return startServer('ours', {
    pin,
    ...ours,
    distDir: page.distDir,
    nodeArgs: [...ours.nodeArgs, ...nodeArgs],
  });
}

/** What a visitor reads: the title and the body's text, without scripts, styles and markup. */
export function visibleText(html) {
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
  const body = html
    .replace(/^[\s\S]*?<body[^>]*>/, '')
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ');
  return `${title} | ${body}`.replace(/\s+/g, ' ').trim();
}

/**
 * Starts one process of each side, fetches the page and stops it: each answers 200 with its 50 rows, the
 * same visible text, and bytes within MAX_BYTES_DIFFERENCE of each other. Throws otherwise; returns the bytes.
 */
export async function verifyWrkPage(pin, page) {
  const answers = {};
  for (const side of SIDES) {
    const server = await startSide(pin, page, side);
    try {
      const { status, body } = await fetchText(`${server.origin}${page.path}`);
      const rows = (body.match(page.row) ?? []).length;
      if (status !== 200 || rows !== ROWS) {
        throw new Error(`${page.label}, ${side}: status ${status}, ${rows} rows instead of ${ROWS}`);
      }
      answers[side] = { bytes: Buffer.byteLength(body), text: visibleText(body) };
    } finally {
      await stopChild(server.child);
    }
  }
  const { ours, bare } = answers;
  if (ours.text !== bare.text) {
    throw new Error(`${page.label}: ours and bare show different text:\n${ours.text}\n---\n${bare.text}`);
  }
  if (Math.abs(ours.bytes / bare.bytes - 1) > MAX_BYTES_DIFFERENCE) {
    throw new Error(`${page.label}: ours sends ${ours.bytes} B and bare ${bare.bytes} B`);
  }
  return { ours: ours.bytes, bare: bare.bytes };
}
