import type { Head, RouteParams } from '../../shared/routing/route-table.ts';
import type { ShownSegment } from '../../shared/ui/segment-tree.tsx';
import type { RoutePolicy } from '../definition/cache-policy.ts';
import type { PrerenderedPage } from '../definition/prerendered-pages.ts';
import type { RequestContext } from '../definition/request-context.ts';
import type { CachingDecision } from './caching-decision.ts';

/** What a page request comes to, for the HTML render and the data endpoint alike. */
export type PageResolution =
  | {
      type: 'page';
      /** The matched leaf. */
      routeId: string;
      params: RouteParams;
      /** Root first; a boundary segment (error or not found) is the last one shown. */
      segments: ShownSegment[];
      /** Indices of the segments the browser keeps (their states here are placeholders); none for documents. */
      kept: ReadonlySet<number>;
      head: Head;
      /** A kept segment decides the head: the browser keeps the one on screen. */
      headKept: boolean;
      /** 200; 404 or the error's status when a boundary is shown. */
      status: number;
      /** The route's cache policy (the strictest of its branch), none when it is private. */
      policy: RoutePolicy | undefined;
      /** The shown segments' versions, when each has one (CachePolicy.version): the basis of the ETag. */
      version?: readonly unknown[];
      /** How the answer may be stored, when its caller gave what the representation is made from. */
      caching?: CachingDecision;
    }
  /** A prerendered page still current by its versions: its file is the answer (send-prerendered.ts). */
  | { type: 'prerendered'; page: PrerenderedPage }
  /** A revalidation the versions answered: the answer applies its caching, a 304 (decideByVersions). */
  | { type: 'not-modified'; caching: CachingDecision }
  /** A resource route: its handler answers with this context (its middleware ran; no data steps, no document). */
  | { type: 'resource'; routeId: string; params: RouteParams; context: RequestContext }
  /** `location` is final: base path and locale prefix added to an app path (`urlOf`), or external. */
  | { type: 'redirect'; location: string; status: number }
  /**
   * An expected failure above every boundary (404 from notFound() or no match, 4xx from HttpError);
   * `message`: the HttpError's public message (publicMessageOf).
   */
  | { type: 'error'; status: number; message?: string };
