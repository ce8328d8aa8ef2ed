import {
  type FormHTMLAttributes,
  type FunctionComponent,
  type SubmitEvent,
  useContext,
  useId,
  useMemo,
  useSyncExternalStore,
} from 'react';
import { type Href, urlOf } from '../routing/href.ts';
import { ACTION_FIELD, actionUrlOf, formBodyOf } from './form.tsx';
import {
  type FetcherHub,
  type FetcherInFlight,
  type FetcherResult,
  type FetcherState,
  type FetcherSubmission,
  IDLE_FETCHER,
  NavigationContext,
} from './navigation-context.ts';
import { useRouter } from './router-context.tsx';

/** The props of a fetcher's `Form`: a `<form>`'s, with the action to run and, optionally, whose page's. */
export interface FetcherFormProps extends Omit<FormHTMLAttributes<HTMLFormElement>, 'action' | 'method'> {
  /** The route action to run. */
  action: string;
  /** The page whose action runs, from `href()`; the current page by default. */
  to?: Href;
}

/** What `fetcher.submit()` posts to: the route action to run (its name), and whose page's. */
export interface SubmitOptions {
  action: string;
  /** The page whose action runs, from `href()`; the current page by default. */
  to?: Href;
}

/**
 * A component's own post or load, beside navigations: see `useFetcher()`. `state` is `idle` until it posts
 * (`submitting`) or loads (`loading`); `result` says how its last request ended, and stays until it starts
 * again; `errors` and `values` are the last invalid answer's.
 */
export interface Fetcher {
  state: 'idle' | 'submitting' | 'loading';
  /** The last `load()`'s data (the page's deepest segment's). */
  data: unknown;
  /** The last post's field errors and submitted values, when the action answered `invalid(...)`. */
  errors: Readonly<Record<string, string>> | undefined;
  values: Readonly<Record<string, string>> | undefined;
  /** How the last request ended (`done`, `invalid`, `loaded`, `failed`), until the fetcher starts again. */
  result: FetcherResult | undefined;
  /** A real `<form method="post">` with the hidden `_action` field; with JavaScript it posts as this fetcher. */
  Form: FunctionComponent<FetcherFormProps>;
  /**
   * Posts `fields` to the action, as this fetcher. Resolves with the result when the post ends (undefined if
   * it was aborted), before the page's revalidation lands: await it inside a transition with useOptimistic.
   */
  submit(
    fields: Readonly<Record<string, string>>,
    options: SubmitOptions,
  ): Promise<FetcherResult | undefined>;
  /** Gets the data of the page at `href`, as this fetcher; resolves as `submit` does. */
  load(href: Href): Promise<FetcherResult | undefined>;
}

const NO_HUB = () => () => {};
const NONE_IN_FLIGHT: readonly FetcherInFlight[] = [];

/**
 * A request of the component's own, that does not navigate: an "add to cart" button, a rating, a lookup.
 * Its post goes to the page's data URL like `<Form>`'s (same checks and answers); the page stays, and after
 * an action succeeds the page on screen gets fresh data. Fetchers run beside each other and beside
 * navigations; one that posts again, or whose last component unmounts, aborts its request. `key` shares
 * one fetcher between components; each call has its own otherwise. On the server and before hydration it is idle, and its
 * `Form` posts natively.
 *
 * @example
 * const fetcher = useFetcher();
 * <fetcher.Form action="add-to-cart" to={href('product', { id })}>
 *   <input type="hidden" name="quantity" value="1" />
 *   <button disabled={fetcher.state === 'submitting'}>Add</button>
 *   {fetcher.errors?.quantity ? <p role="alert">{fetcher.errors.quantity}</p> : null}
 * </fetcher.Form>
 *
 * // Or from an event handler; it resolves when the post ends, before the revalidated page lands:
 * const result = await fetcher.submit({ quantity: '1' }, { action: 'add-to-cart', to: href('cart') });
 */
export function useFetcher({ key }: { key?: string } = {}): Fetcher {
  const ownKey = useId();
  const fetcherKey = key ?? ownKey;
  const hub = useContext(NavigationContext)?.fetchers;
  const router = useRouter();
  const subscribe = useMemo(
    () => (hub ? (listener: () => void) => hub.subscribe(fetcherKey, listener) : NO_HUB),
    [hub, fetcherKey],
  );
  const state = useSyncExternalStore(
    subscribe,
    () => hub?.stateOf(fetcherKey) ?? IDLE_FETCHER,
    () => IDLE_FETCHER,
  );

  const Form = useMemo(() => fetcherForm(fetcherKey, hub), [fetcherKey, hub]);
  const { result } = state;
  const invalid = result?.type === 'invalid' ? result : undefined;
  return {
    state: state.state,
    data: result?.type === 'loaded' ? result.data : undefined,
    errors: invalid?.errors,
    values: invalid?.values,
    result,
    Form,
    // Async, so that without a hub (on the server, before hydration) each resolves with undefined.
    submit: async (fields, { action, to }) =>
      hub?.submit(
        fetcherKey,
        actionUrlOf(to, router),
        new URLSearchParams({ ...fields, [ACTION_FIELD]: action }),
      ),
    load: async (href) => hub?.load(fetcherKey, urlOf(href, router)),
  };
}

/**
 * Every fetcher in flight (posting or loading), whichever component started it, with what each post sent:
 * for a pending or optimistic UI away from the form, like a header's "saving…". Empty on the server and
 * before hydration. A fetcher leaves the list when its answer arrives, before the page's revalidation lands.
 *
 * @example
 * const saving = useFetchers().some((fetcher) => fetcher.submission?.action === 'add-to-cart');
 */
export function useFetchers(): readonly FetcherInFlight[] {
  const hub = useContext(NavigationContext)?.fetchers;
  const fetchers = useSyncExternalStore(
    hub?.subscribeAll ?? NO_HUB,
    () => hub?.fetchers(),
    () => undefined,
  );
  return useMemo(() => (fetchers ? listInFlight(fetchers) : NONE_IN_FLIGHT), [fetchers]);
}

/**
 * The fetchers posting or loading, with what each post sent. Listed here rather than by the hub, so an app
 * that never calls useFetchers() does not download it.
 */
export function listInFlight(fetchers: Readonly<Record<string, FetcherState>>): FetcherInFlight[] {
  return Object.entries(fetchers).flatMap(([key, fetcher]) =>
    fetcher.state === 'idle' ? [] : [{ key, state: fetcher.state, submission: submissionOf(fetcher.body) }],
  );
}

/** What a post sent: its action and its other text fields (files are left out); none for a load. */
function submissionOf(body: FormData | URLSearchParams | undefined): FetcherSubmission | undefined {
  if (!body) return undefined;
  const text = [...body].filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  const { [ACTION_FIELD]: action = '', ...fields } = Object.fromEntries(text);
  return { action, fields };
}

/** The `Form` of one fetcher key. */
function fetcherForm(fetcherKey: string, hub: FetcherHub | undefined): FunctionComponent<FetcherFormProps> {
  return function FetcherForm({ action, to, children, onSubmit, ...rest }: FetcherFormProps) {
    const router = useRouter();
    function submit(event: SubmitEvent<HTMLFormElement>) {
      onSubmit?.(event);
      if (!hub || event.defaultPrevented) return;
      event.preventDefault();
      const form = event.currentTarget;
      void hub.submit(fetcherKey, form.action, formBodyOf(form, event.nativeEvent.submitter));
    }
    return (
      <form method="post" action={actionUrlOf(to, router)} onSubmit={submit} {...rest}>
        <input type="hidden" name={ACTION_FIELD} value={action} />
        {children}
      </form>
    );
  };
}
