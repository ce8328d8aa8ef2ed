import { type ReactNode, Suspense, use } from 'react';

type Settled<T> = { ok: true; value: T } | { ok: false };

// One settled promise per deferred promise: `use()` needs the same thenable on every render.
const settledPromises = new WeakMap<Promise<unknown>, Promise<Settled<unknown>>>();

function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
  let settled = settledPromises.get(promise);
  if (!settled) {
    settled = promise.then(
      (value) => ({ ok: true, value }),
      () => ({ ok: false }),
    );
    settledPromises.set(promise, settled);
  }
  return settled as Promise<Settled<T>>;
}

export interface AwaitProps<T> {
  /** A deferred data value (a promise in the data step's result). */
  resolve: Promise<T>;
  /** Shown (and streamed first) while the value is pending. */
  fallback: ReactNode;
  /** Shown when the value failed; the server has already logged the failure. */
  errorElement: ReactNode;
  children: (value: T) => ReactNode;
}

/**
 * Renders a deferred value inside its own Suspense boundary. A failure renders `errorElement` on the server
 * and in the browser alike, so the page stays consistent with JavaScript off. A data step defers a value by
 * returning a promise at the top level of its result: the page streams with `fallback` in its place, and
 * the value follows in the same response (or the same data answer, on a client navigation).
 *
 * @example
 * <Await resolve={data.related} fallback={<p>Loading…</p>} errorElement={<p>Not available now.</p>}>
 *   {(related) => <ProductGrid products={related} />}
 * </Await>
 */
export function Await<T>(props: AwaitProps<T>) {
  // Resolved takes the same props (it reads all but `fallback`).
  return (
    <Suspense fallback={props.fallback}>
      <Resolved {...props} />
    </Suspense>
  );
}

function Resolved<T>({ resolve, errorElement, children }: AwaitProps<T>): ReactNode {
  const result = use(settle(resolve));
  return result.ok ? children(result.value) : errorElement;
}
