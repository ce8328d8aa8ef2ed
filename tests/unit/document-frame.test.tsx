import { Writable } from 'node:stream';
import { createElement, Fragment, type ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  type DocumentFrameParts,
  documentFrame,
  inlineStyleTag,
} from '../../server/render/document-frame.ts';
import type { Head } from '../../shared/routing/route-table.ts';
import { documentHead } from '../../shared/ui/document.tsx';
import type { SsrPayload } from '../../shared/ui/ssr-payload.ts';

/** What React writes for `element` with these bootstrap options: the document the browser's AppRoot hydrates. */
function renderWithReact(
  element: ReactNode,
  options: { bootstrapModules?: string[]; bootstrapScriptContent?: string; nonce?: string },
): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk, _encoding, done) {
        html += chunk;
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(element, {
      ...options,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
    });
  });
}

interface Case {
  head: Head;
  payload: Pick<SsrPayload, 'locale' | 'assets'>;
  trace?: DocumentFrameParts['trace'];
  icon?: string;
  css?: string;
  entry?: string;
  nonce?: string;
}

const BODY = '<p>the page</p>';
const BOOTSTRAP = 'self.__SSR={"a":"\\u003c/script>"};self.__ssrDeferred||=[]';

/**
 * The tags only the server writes, as React would render them: React hoists them into the head, in its order
 * (the charset first, stylesheets before the title, the rest after the browser's head tags).
 */
function serverOnlyTags({ payload: { assets }, trace }: Case): ReactNode[] {
  return [
    createElement('meta', { key: 'charset', charSet: 'utf-8' }),
    ...assets.stylesheets.map((href) =>
      createElement('link', { key: href, rel: 'stylesheet', href, precedence: 'default' }),
    ),
    trace ? createElement('meta', { key: 'trace', name: 'sentry-trace', content: trace.sentryTrace }) : null,
    trace ? createElement('meta', { key: 'baggage', name: 'baggage', content: trace.baggage }) : null,
    ...assets.modulePreloads.map((href) => createElement('link', { key: href, rel: 'modulepreload', href })),
  ];
}

/** React's document for a case, as the server rendered it before it wrote the frame itself. */
async function reactDocument(example: Case): Promise<string> {
  const { head, payload, icon, css, entry, nonce } = example;
  const document = createElement(
    'html',
    { lang: payload.locale },
    documentHead(head, icon),
    createElement('body', null, createElement('p', null, 'the page')),
  );
  const style = css ? createElement('style', { href: 'app-stylesheet', precedence: 'default' }, css) : null;
  const html = await renderWithReact(
    createElement(Fragment, null, style, document, ...serverOnlyTags(example)),
    entry ? { bootstrapModules: [entry], bootstrapScriptContent: BOOTSTRAP, nonce } : { nonce },
  );
  // React names its bootstrap script for its own shell-timing script; the frame's needs no id (React may
  // still write that timing script with the id itself).
  return html.replace(' id="_R_"', '');
}

function partsOf({ head, payload, trace, icon, css, entry, nonce }: Case): DocumentFrameParts {
  return {
    head,
    payload,
    trace,
    icon,
    inlineStyleTag: css ? inlineStyleTag(css) : undefined,
    entry,
    bootstrapScript: entry ? BOOTSTRAP : '',
    nonce,
  };
}

function frameDocument(example: Case): string {
  const frame = documentFrame(partsOf(example));
  return `${frame.start}${BODY}${frame.afterShell}${frame.end}`;
}

const cases: [string, Case][] = [
  [
    'every tag: a linked stylesheet, the trace, description, robots, icon, nonce, preloads',
    {
      head: { title: 'Tom & "Jerry" <b>\'s</b>', description: 'a & "b" <c>', robots: 'noindex, nofollow' },
      payload: {
        locale: 'en',
        assets: { stylesheets: ['/_assets/app-1.css'], modulePreloads: ['/_assets/a.js', '/_assets/b.js'] },
      },
      trace: {
        sentryTrace: '0123456789abcdef0123456789abcdef-0123456789abcdef-1',
        baggage: 'sentry-a=1,b="2"',
      },
      icon: '/favicon.ico',
      entry: '/_assets/entry-1.js',
      nonce: 'r4nd0m+/nonce==',
    },
  ],
  [
    'an inlined stylesheet, no trace, icon or nonce',
    {
      head: { title: 'Produits' },
      payload: {
        locale: 'fr',
        assets: { stylesheets: [], modulePreloads: ['/base/_assets/c.js'] },
      },
      css: '.a{color:red}.b>.c{margin:0}',
      entry: '/base/_assets/entry-2.js',
    },
  ],
  [
    'no client build: no scripts, no preloads',
    {
      head: { title: '</title><script>alert(1)</script>' },
      payload: { locale: 'de-CH', assets: { stylesheets: [], modulePreloads: [] } },
    },
  ],
];

describe('the document frame', () => {
  it.each(cases)('is what React wrote for the whole document, byte for byte: %s', async (_what, example) => {
    expect(frameDocument(example)).toBe(await reactDocument(example));
  });

  it('puts the payload and entry scripts after the shell, and nothing else there without an entry', () => {
    const [, withEntry] = cases[0] as [string, Case];
    expect(documentFrame(partsOf(withEntry)).afterShell).toBe(
      `<script nonce="r4nd0m+/nonce==">${BOOTSTRAP}</script><script type="module" src="/_assets/entry-1.js" nonce="r4nd0m+/nonce==" async=""></script>`,
    );
    const withoutEntry = documentFrame(partsOf({ ...withEntry, entry: undefined }));
    expect(withoutEntry.afterShell).toBe('');
    expect(withoutEntry.end).toBe('</body></html>');
  });
});
