import type { IncomingMessage } from 'node:http';
import type { Locale } from '../../shared/routing/locale.ts';

/** What an observer can wrap on the server: each kind of handler an app writes, and the page's render. */
export type ObservedKind = 'middleware' | 'data-step' | 'action' | 'resource' | 'render';

/** What an observer is told about the step it wraps. */
export interface ObservedStep {
  kind: ObservedKind;
  /** The matched route's pattern (`/products/:id`), the same for every URL it matches. */
  routePattern: string | undefined;
  /** The matched route's id (the leaf's, whichever segment's step runs). */
  routeId: string | undefined;
  /** The segment whose middleware or data step runs. */
  segmentId?: string;
  /** The action's name (the form's `_action`). */
  action?: string;
  locale: Locale | undefined;
  /** The request as Node has it; reading it does not make the answer private (observers are not handlers). */
  request: IncomingMessage;
}

/**
 * How a step ended: its status, and what it came to. `ok`: it gave data, a resource's answer, values to add
 * (middleware) or a rendered page; `invalid`: an action refused its input; `error`: it threw (a 4xx or 5xx
 * `HttpError`, or an unexpected error, then 500), with what it threw.
 */
export type StepEnd =
  | { outcome: 'ok' | 'redirect' | 'not-found' | 'invalid'; status: number; error?: undefined }
  | { outcome: 'error'; status: number; error: unknown };

/**
 * Wraps one step: call `run()` where the step should run (it runs once, however often it is called, and
 * right after the observer if it never calls it). `run()` never rejects: it resolves with how the step
 * ended. An observer cannot change what the step returns or throws; its own errors are logged and ignored.
 */
export type StepObserver = (step: ObservedStep, run: () => Promise<StepEnd>) => unknown;

/** What the error hook is told about a request's unexpected error. */
export interface RequestErrorFacts {
  request: IncomingMessage;
  /** Undefined when the error came before a route matched. */
  routePattern: string | undefined;
  routeId: string | undefined;
  locale: Locale | undefined;
  /** What was running, when the runtime knows it. */
  kind: ObservedKind | undefined;
}

/**
 * An app's instrumentation (docs/instrumentation.md): a hook for every unexpected error of a request and
 * observers around its steps. Several compose (the first wraps the others); a kind nobody observes costs
 * nothing per request.
 *
 * @example
 * const timing: ServerInstrumentation = {
 *   async dataStep(step, run) {
 *     const started = performance.now();
 *     const { status } = await run();
 *     logger.info({ segment: step.segmentId, status, ms: performance.now() - started }, 'data step');
 *   },
 * };
 */
export interface ServerInstrumentation {
  /**
   * Every error the runtime reports for a request (the ones that make a 500 or are logged after the page
   * has started streaming; never a control signal or a 4xx), once each. It may return the id its service
   * gave the report (a string): the 500 page shows the first one, for a visitor to quote.
   */
  onRequestError?(error: unknown, facts: RequestErrorFacts): unknown;
  middleware?: StepObserver;
  dataStep?: StepObserver;
  action?: StepObserver;
  resource?: StepObserver;
  /** The page's render, from its start until its response has ended (the status is the response's). */
  render?: StepObserver;
}
