/**
 * The runtime's public API for an app's isomorphic code (its route tree, pages, layouts, components): the one
 * module of shared/ an app imports. Everything else in shared/ is the runtime's own and may change.
 */
export { HttpError, type HttpErrorOptions, notFound, redirect } from './routing/control-signals.ts';
export { type ExternalUrl, type Href, type LinkTarget, type TypedHref, typedHref } from './routing/href.ts';
export type { Locale, LocalesDeclaration } from './routing/locale.ts';
export { localeSwitchHref } from './routing/reserved-paths.ts';
export {
  type ErrorComponentProps,
  type Head,
  InvalidSearch,
  invalidSearch,
  type RouteNode,
  type RouteParams,
  type SearchReader,
  type SegmentModule,
  type SegmentProps,
} from './routing/route-table.ts';
export type { ParamsOf, RouteId, SearchOf, SegmentId, SegmentPropsOf } from './routing/route-types.ts';
export type { AppDefinition } from './ui/app-definition.ts';
export { Await } from './ui/await.tsx';
export type { ClientInstrumentation, NavigationOutcome, ObservedLoad } from './ui/client-instrumentation.ts';
export {
  type Fetcher,
  type FetcherFormProps,
  type SubmitOptions,
  useFetcher,
  useFetchers,
} from './ui/fetcher.tsx';
export { Form, SubmitButton, useActionResult } from './ui/form.tsx';
export { Link } from './ui/link.tsx';
export type { FetcherInFlight, FetcherResult, FetcherSubmission } from './ui/navigation-context.ts';
export { Outlet } from './ui/outlet.tsx';
export { useIsCurrentPage, useRouter } from './ui/router-context.tsx';
export type { ActionResultState } from './ui/ssr-payload.ts';
