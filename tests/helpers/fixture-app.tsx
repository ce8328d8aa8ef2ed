import type { Express } from 'express';
import { type ReactNode, Suspense, use } from 'react';
import { createApp } from '../../server/app/create-app.ts';
import { invalid, type RouteActions } from '../../server/definition/action.ts';
import type { DataStep } from '../../server/definition/data-step.ts';
import type { Logger } from '../../server/definition/logger.ts';
import { HttpError, notFound, redirect } from '../../shared/routing/control-signals.ts';
import { type LinkTarget, typedHref } from '../../shared/routing/href.ts';
import type { LocalesDeclaration } from '../../shared/routing/locale.ts';
import type { RouteNode, SegmentModule, SegmentProps } from '../../shared/routing/route-table.ts';
import { Await } from '../../shared/ui/await.tsx';
import { Form, SubmitButton, useActionResult } from '../../shared/ui/form.tsx';
import { Link } from '../../shared/ui/link.tsx';
import { Outlet } from '../../shared/ui/outlet.tsx';
import { captureLogger } from './capture-logger.ts';
import { testConfig } from './test-config.ts';

/** Test-controlled behaviour of the fixture routes. */
export interface FixtureHooks {
  /** The deferred value of `/deferred`; defaults to one resolving at once. */
  deferredValue?: () => Promise<string>;
  /** Called with the data step's signal on `/hangs` (which waits until aborted). */
  onHangingSignal?: (signal: AbortSignal) => void;
  /** Rejection source for `/late-throws` (a component inside Suspense throws after the shell). */
  lateFailure?: () => Promise<never>;
  /** Counts the runs of `/counter`'s actions, so tests can prove an action did not run. */
  actionRuns?: { count: number };
  /** Receives the fields each `/counter` action saw. */
  onFields?: (fields: Record<string, string>) => void;
}

function page<Data>(
  render: (props: SegmentProps<Data>) => ReactNode,
  title = 'Fixture',
): () => Promise<SegmentModule<Data>> {
  const module: SegmentModule<Data> = { default: (props) => <>{render(props)}</>, head: () => ({ title }) };
  return async () => module;
}

function ThrowingComponent(): ReactNode {
  throw new Error('render failed: internal detail');
}

function LateThrow({ failure }: { failure: Promise<never> }): ReactNode {
  use(failure);
  return null;
}

const lateFailures = new WeakMap<object, Promise<never>>();

export const fixtureRoutes = [
  { id: 'home', path: '/', module: page(() => <h1>Fixture home</h1>, 'Fixture home') },
  { id: 'new', path: '/new', module: page(() => <h1>New place</h1>) },
  { id: 'throws', path: '/throws', module: page(() => <p>never</p>) },
  { id: 'forbidden', path: '/forbidden', module: page(() => <p>never</p>) },
  { id: 'old', path: '/old', module: page(() => <p>never</p>) },
  { id: 'unsafe-redirect', path: '/unsafe-redirect', module: page(() => <p>never</p>) },
  { id: 'gone', path: '/gone', module: page(() => <p>never</p>) },
  { id: 'hangs', path: '/hangs', module: page(() => <p>never</p>) },
  { id: 'render-throws', path: '/render-throws', module: page(() => <ThrowingComponent />) },
  {
    id: 'late-throws',
    path: '/late-throws',
    module: page<{ token: object }>(({ data }) => (
      <Suspense fallback={<p>late fallback</p>}>
        <LateThrow failure={lateFailures.get(data.token) ?? Promise.reject(new Error('no failure'))} />
      </Suspense>
    )),
  },
  {
    id: 'hostile',
    path: '/hostile',
    module: page<{ text: string }>(({ data }) => <p id="hostile">{data.text}</p>),
  },
  {
    id: 'deferred',
    path: '/deferred',
    module: page<{ title: string; slow: Promise<string> }>(({ data }) => (
      <>
        <h1>{data.title}</h1>
        <Await
          resolve={data.slow}
          fallback={<p>loading slow value</p>}
          errorElement={<p>slow value failed</p>}
        >
          {(value) => <p id="slow">{`slow value: ${value}`}</p>}
        </Await>
      </>
    )),
  },
  {
    id: 'item',
    path: '/items/:id',
    module: page(({ params, locale }) => (
      <>
        <pre id="params">{JSON.stringify({ params, locale })}</pre>
        <Link to={fixtureHref('item', { id: 'other' })}>other item</Link>
      </>
    )),
  },
  {
    id: 'counter',
    path: '/counter',
    module: page(() => <CounterForm />, 'Counter'),
  },
  {
    id: 'files',
    path: '/files/*path',
    module: page(({ params }) => <pre id="params">{JSON.stringify(params)}</pre>),
  },
] as const satisfies readonly RouteNode[];

export function fixtureDataSteps(hooks: FixtureHooks): Record<string, DataStep> {
  return {
    throws: () => {
      throw new Error('data step failed: internal detail');
    },
    forbidden: () => {
      throw new HttpError(403, 'You may not see this');
    },
    old: () => redirect(fixtureHref('new'), 301),
    'unsafe-redirect': () => redirect('//evil.com' as LinkTarget),
    gone: () => notFound(),
    hangs: ({ signal }) =>
      new Promise((resolve) => {
        hooks.onHangingSignal?.(signal);
        signal.addEventListener('abort', () => resolve(null));
      }),
    'late-throws': () => {
      const token = {};
      lateFailures.set(
        token,
        hooks.lateFailure?.() ?? Promise.reject(new Error('late failure: internal detail')),
      );
      lateFailures.get(token)?.catch(() => {});
      return { token };
    },
    hostile: () => ({ text: '</script><script>alert(1)</script><!-- \u2028\u2029 --> <b>' }),
    deferred: () => ({ title: 'Deferred page', slow: hooks.deferredValue?.() ?? Promise.resolve('ready') }),
  };
}

function CounterForm() {
  const result = useActionResult('increment');
  return (
    <Form action="increment">
      <input
        name="amount"
        defaultValue={result?.values.amount ?? '1'}
        aria-invalid={result ? true : undefined}
      />
      {result?.errors.amount ? <p className="field-error">{`Error: ${result.errors.amount}`}</p> : null}
      <SubmitButton>Add</SubmitButton>
    </Form>
  );
}

/** `/counter`'s actions: `increment` validates `amount`, `fail` throws, `forbidden` is an HttpError(403). */
export function fixtureActions(hooks: FixtureHooks): RouteActions {
  const run = (fields: Record<string, string>) => {
    if (hooks.actionRuns) hooks.actionRuns.count += 1;
    hooks.onFields?.(fields);
  };
  return {
    counter: {
      increment: ({ fields }) => {
        run(fields);
        if (!/^\d+$/.test(fields.amount ?? '')) return invalid({ amount: 'must be a whole number' }, fields);
        return redirect(fixtureHref('counter', {}, { search: { added: fields.amount } }), 303);
      },
      fail: ({ fields }) => {
        run(fields);
        throw new Error('action failed: internal detail');
      },
      forbidden: ({ fields }) => {
        run(fields);
        throw new HttpError(403);
      },
    },
  };
}

function FixtureLayout() {
  return (
    <main>
      <Outlet />
    </main>
  );
}

/** The fixture routes under a root layout that only wraps them in `<main>`. */
export const fixtureRoot = {
  id: 'root',
  module: async () => ({ default: FixtureLayout }),
  children: fixtureRoutes,
} as const satisfies RouteNode;

/** The fixture's `href()`. */
export const fixtureHref = typedHref(fixtureRoot);

/** The fixture's locales: English unprefixed by default, French and German under `/fr` and `/de`. */
export const fixtureLocales: LocalesDeclaration = { list: ['en', 'fr', 'de'], default: 'en' };

/** The runtime with fixture routes instead of the storefront, without a client build. */
export function createFixtureApp(
  options: {
    env?: Record<string, string>;
    hooks?: FixtureHooks;
    logger?: Logger;
    renderTimeoutMs?: number;
    formBodyTimeoutMs?: number;
    isReady?: () => boolean;
  } = {},
): Express {
  return createApp({
    config: testConfig(options.env),
    app: { root: fixtureRoot, locales: fixtureLocales },
    dataSteps: fixtureDataSteps(options.hooks ?? {}),
    actions: fixtureActions(options.hooks ?? {}),
    formBodyTimeoutMs: options.formBodyTimeoutMs,
    isReady: options.isReady,
    logger: options.logger ?? captureLogger(),
    renderTimeoutMs: options.renderTimeoutMs,
  });
}
