import type { Express } from 'express';
import { createApp } from '../../server/app/create-app.ts';
import type { DataStep, DataSteps } from '../../server/definition/data-step.ts';
import { HttpError, notFound } from '../../shared/routing/control-signals.ts';
import type {
  ErrorComponentProps,
  RouteNode,
  SegmentModule,
  SegmentProps,
} from '../../shared/routing/route-table.ts';
import type { AppDefinition } from '../../shared/ui/app-definition.ts';
import { Outlet } from '../../shared/ui/outlet.tsx';
import { captureLogger } from './capture-logger.ts';
import { testConfig } from './test-config.ts';

/**
 * A small nested app: a root layout, an `/account` layout with its own error and not-found components and
 * an index page, an order page with its own error component, a settings page without one, and a pathless
 * group around `/about`. Each segment shows its data, so tests can see which segments rendered with what.
 */
const mod =
  <Data,>(module: SegmentModule<Data>) =>
  async () =>
    module;

function RootLayout({ data }: SegmentProps<{ user: string } | null>) {
  return (
    <div data-segment="root">
      <header>{`Signed in as ${data?.user ?? 'nobody'}`}</header>
      <Outlet />
    </div>
  );
}

function AccountLayout({ data }: SegmentProps<{ plan: string } | null>) {
  return (
    <section data-segment="account">
      <nav>{`Plan: ${data?.plan ?? 'none'}`}</nav>
      <input aria-label="Account search" />
      <Outlet />
    </section>
  );
}

function AccountError({ status }: ErrorComponentProps) {
  return <p data-boundary="account-error">{`Account error ${status ?? 'in the browser'}`}</p>;
}

function OrderError({ status }: ErrorComponentProps) {
  return <p data-boundary="order-error">{`Order error ${status ?? 'in the browser'}`}</p>;
}

function OrderPage({ data, params }: SegmentProps<{ total: number; renderThrows?: boolean }>) {
  if (data.renderThrows) throw new Error('order render failed: internal detail');
  return <p data-segment="order">{`Order ${String(params.orderId)} totals ${data.total}`}</p>;
}

const nestedRoot: RouteNode = {
  id: 'root',
  module: mod({ default: RootLayout, head: () => ({ title: 'Nested' }) }),
  children: [
    {
      id: 'account',
      path: '/account',
      module: mod({
        default: AccountLayout,
        ErrorComponent: AccountError,
        NotFoundComponent: () => <p data-boundary="account-not-found">No such account page</p>,
        PendingComponent: () => <p data-pending="account">Loading the account…</p>,
      }),
      children: [
        { id: 'account-home', module: mod({ default: () => <p data-segment="account-home">Overview</p> }) },
        {
          id: 'order',
          path: '/orders/:orderId',
          module: mod({
            default: OrderPage,
            ErrorComponent: OrderError,
            PendingComponent: () => <p data-pending="order">Loading the order…</p>,
            head: ({ params }) => ({ title: `Order ${String(params.orderId)}` }),
          }),
        },
        { id: 'settings', path: '/settings', module: mod({ default: () => <p>Settings</p> }) },
      ],
    },
    {
      id: 'marketing',
      module: mod({
        default: () => (
          <div data-segment="marketing">
            <Outlet />
          </div>
        ),
      }),
      children: [
        { id: 'about', path: '/about', module: mod({ default: () => <p data-segment="about">About</p> }) },
      ],
    },
  ],
};

/** The nested tree as an app of one locale (no prefixes). */
export const nestedApp: AppDefinition = { root: nestedRoot, locales: { list: ['en'], default: 'en' } };

/** The steps a test can replace; by default each gives its data at once. */
export type NestedSteps = Partial<Record<'root' | 'account' | 'order' | 'settings' | 'about', DataStep>>;

export const defaultNestedSteps: DataSteps = {
  root: () => ({ user: 'ada' }),
  account: () => ({ plan: 'gold' }),
  order: ({ params }) => {
    if (params.orderId === 'missing') return notFound();
    if (params.orderId === 'broken') throw new Error('order step failed: internal detail');
    if (params.orderId === 'forbidden') throw new HttpError(403);
    return { total: 42, renderThrows: params.orderId === 'render-throws' };
  },
  settings: () => {
    throw new Error('settings step failed: internal detail');
  },
};

/** The nested app over the runtime (no client build), with steps replaced as a test needs. */
export function createNestedApp(steps: NestedSteps = {}, logger = captureLogger()): Express {
  return createApp({
    config: testConfig(),
    app: nestedApp,
    dataSteps: { ...defaultNestedSteps, ...steps },
    logger,
  });
}
