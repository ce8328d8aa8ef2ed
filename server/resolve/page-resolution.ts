import type { Head, RouteParams } from '../../shared/routing/route-table.ts';
import type { ShownSegment } from '../../shared/ui/segment-tree.tsx';
import type { RoutePolicy } from '../definition/cache-policy.ts';
import type { RequestContext } from '../definition/request-context.ts';

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
    }
  /** A revalidation the versions answered: ETag and Cache-Control set, the answer sends the 304. */
  | { type: 'not-modified' }
  /** A resource route: its handler answers with this context (its middleware ran; no data steps, no document). */
  | { type: 'resource'; routeId: string; params: RouteParams; context: RequestContext }
  /** `location` is final: base path and locale prefix added to an app path (`urlOf`), or external. */
  | { type: 'redirect'; location: string; status: number }
  /**
   * An expected failure above every boundary (404 from notFound() or no match, 4xx from HttpError);
   * `message`: the HttpError's public message (publicMessageOf).
   */
  | { type: 'error'; status: number; message?: string };
