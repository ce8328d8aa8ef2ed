import {
  createContext,
  type ReactNode,
  startTransition,
  useContext,
  useEffect,
  useMemo,
  useOptimistic,
  useRef,
  useState,
} from 'react';
import type { FetcherResult } from '#runtime/shared';
import type { StorefrontLayoutData } from '../types.ts';

/**
 * How long a change that succeeded waits for the revalidated root data before its optimistic count goes:
 * a revalidation that never lands (a failed refresh, a segment kept) must not hold every transition of the
 * page, which React entangles with it.
 */
const REVALIDATION_WAIT_MS = 10_000;

/** A change of the cart made from the page: a quick add, a line's − / + or remove. */
export interface CartChange {
  /** How many items the header's count gains (or loses, below 0) until the change has landed. */
  delta: number;
  /** The change's other optimistic updates (a cart line's), made in the same transition. */
  show?: () => void;
  /** Sends it: a fetcher's `submit`. */
  post: () => Promise<FetcherResult | undefined>;
}

interface CartChanges {
  /** Inside a transition: the header counts `delta` more until the transition ends. */
  add(delta: number): void;
  /** Resolves once root data newer than now is on screen, or after REVALIDATION_WAIT_MS. */
  revalidated(): Promise<void>;
}

/** The header's count, and whether changes are on their way (it then differs from the server's). */
export interface CartCount {
  count: number;
  pending: boolean;
}

const CountContext = createContext<CartCount>({ count: 0, pending: false });
const ChangesContext = createContext<CartChanges | null>(null);

/**
 * Holds the header's cart count, optimistic while changes are on their way (React's useOptimistic). The
 * server's count moves in a transition: React holds every transition until the actions in flight have
 * ended (it entangles them), so a count that already includes an add still pending is never shown with
 * that add's +1 on top. The count steps from the optimistic number straight to the server's, never back.
 */
export function OptimisticCartProvider({
  data,
  children,
}: {
  /** The root segment's data (with the server's count): a new object each time it is revalidated. */
  data: StorefrontLayoutData | null;
  children: ReactNode;
}) {
  const [settled, setSettled] = useState(data?.cartCount ?? 0);
  const [shown, add] = useOptimistic(settled, (current: number, delta: number) => current + delta);
  const waiting = useRef(new Set<() => void>());
  useEffect(() => {
    startTransition(() => setSettled(data?.cartCount ?? 0));
    for (const landed of [...waiting.current]) landed();
  }, [data]);
  const changes = useMemo(() => ({ add, revalidated: () => newerData(waiting.current) }), [add]);
  const cartCount = useMemo(() => ({ count: shown, pending: shown !== settled }), [shown, settled]);
  return (
    <ChangesContext.Provider value={changes}>
      <CountContext.Provider value={cartCount}>{children}</CountContext.Provider>
    </ChangesContext.Provider>
  );
}

/** Resolves when the provider next sees new root data, or after REVALIDATION_WAIT_MS; clears its timer. */
function newerData(waiting: Set<() => void>): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(landed, REVALIDATION_WAIT_MS);
    function landed() {
      clearTimeout(timer);
      waiting.delete(landed);
      resolve();
    }
    waiting.add(landed);
  });
}

/** The cart's item count as the header shows it: the server's, plus the changes on their way. */
export function useCartCount(): CartCount {
  return useContext(CountContext);
}

/**
 * Makes a cart change: in one transition it counts `delta` in the header and shows the change's own
 * optimistic state, posts, and when the post succeeded waits for the revalidated data. Until then the
 * optimistic state stays; a refused or failed post ends the transition, and React rolls it back.
 */
// #region cart-change
export function useCartChange(): (change: CartChange) => void {
  const changes = useContext(ChangesContext);
  return ({ delta, show, post }) => {
    startTransition(async () => {
      changes?.add(delta);
      show?.();
      const result = await post();
      if (result?.type === 'done') await changes?.revalidated();
    });
  };
}
// #endregion cart-change
