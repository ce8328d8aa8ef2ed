import type { NextFunction, Request, Response } from 'express';
import type { CompiledRouteTable } from '../../shared/routing/compile-routes.ts';
import { HttpError, publicMessageOf, Redirect } from '../../shared/routing/control-signals.ts';
import type { ActionResultState } from '../../shared/ui/ssr-payload.ts';
import {
  ACTION_FIELD,
  type ActionContext,
  type Invalid,
  type RouteActions,
  toActionResultState,
} from '../definition/action.ts';
import type { CreateRequestContext, RequestContext } from '../definition/request-context.ts';
import type { Monitoring } from '../monitoring/monitoring.ts';
import { nameByRoute, type ReportError } from '../monitoring/report-error.ts';
import type { DocumentRenderer } from '../render/document-renderer.ts';
import { factsOf, type PageRequest } from '../request/page-request.ts';
import {
  abortOnDisconnectOrDeadline,
  ClientDisconnectedError,
  type RequestAbort,
  untilAborted,
} from '../request/request-abort.ts';
import { isAllowedOrigin } from '../resolve/check-origin.ts';
import { readFormBody } from '../resolve/read-form-body.ts';
import type { ResolvePage } from '../resolve/resolve-page.ts';
import type { MiddlewareRunner, MiddlewareStop } from '../resolve/run-middleware.ts';
import { sendDataLine, sendErrorLine } from './page-data-response.ts';

/** `html`: a plain form post (303 or a 422 page); `data`: the same post from JavaScript, answered as JSON lines. */
export type ActionRepresentation = 'html' | 'data';

export type HandleAction = (
  request: Request,
  response: Response,
  pageRequest: PageRequest,
  representation: ActionRepresentation,
  next?: NextFunction,
) => Promise<void>;

export interface HandleActionOptions {
  createRequestContext: CreateRequestContext;
  routes: CompiledRouteTable;
  actions: RouteActions;
  resolvePage: ResolvePage;
  /** The app's middleware: those of the route's branch run after the origin check, before the body is read. */
  middleware: MiddlewareRunner;
  renderer: DocumentRenderer;
  allowedOrigins: readonly string[];
  /** PUBLIC_ORIGIN: an `Origin` equal to it is ours too. */
  publicOrigin: string | undefined;
  renderTimeoutMs: number;
  formBodyTimeoutMs: number;
  reportError: ReportError;
  monitoring: Monitoring;
}

/**
 * Runs a page's server action for `POST {page URL}` (and its data URL). In order: the route must exist (404)
 * and declare actions (405), the origin must be ours (403, before reading the body), the middleware of the
 * route's branch must let the request through (still before the body), the body must be a small flat form
 * (415, 413, 400, 408), and `_action` must name one of the route's actions (400). Every answer is
 * `Cache-Control: no-store`.
 */
export function createActionHandler(options: HandleActionOptions): HandleAction {
  const { renderer, middleware } = options;

  return async function handleAction(request, response, pageRequest, representation, next) {
    response.setHeader('Cache-Control', 'no-store');
    const fail = (status: number, message?: string) => {
      if (representation === 'data') sendErrorLine(response, status, undefined, message);
      else renderer.renderError(request, response, pageRequest, status, { message });
    };
    const answer: ActionAnswer = {
      request,
      response,
      pageRequest,
      representation,
      fail,
      next,
      revalidate: [],
    };

    const route = checkRoute(request, pageRequest, options);
    if (route.type === 'refused') return refuse(answer, route);
    const abort = abortOnDisconnectOrDeadline(response, options.renderTimeoutMs);
    const context = options.createRequestContext(
      request,
      response,
      factsOf(pageRequest, route.match.params, abort),
    );
    // Before the body: a visitor the middleware turn away cannot make us read (up to 1 MiB of) it.
    const chain = middleware.chainOf(route.match.route.id);
    const stop = chain && (await middleware.run(chain, context));
    if (stop) {
      response.setHeader('Connection', 'close');
      const translated = stop.type === 'failed' ? await middleware.failed(context, stop.error) : stop;
      return answerOutcome(answer, outcomeOfStop(translated), context, options, 'middleware');
    }
    const accepted = await readAction(request, route.routeActions, options.formBodyTimeoutMs);
    if (accepted.type === 'refused') return refuse(answer, accepted);

    // Assigned, not spread: spreading would read (and parse) the context's lazy `url`.
    const actionContext: ActionContext = Object.assign(context, {
      fields: accepted.fields,
      revalidate: (...ids: string[]) => answer.revalidate.push(...ids),
    });
    const outcome = await runAction(accepted.handler, actionContext);
    // The middleware that wrap the request (`next()`) may answer an unexpected error otherwise.
    if (outcome.type === 'failed') {
      const translated = await middleware.failed(context, outcome.error);
      return answerOutcome(answer, outcomeOfStop(translated), context, options, 'action');
    }
    if (outcome.type !== 'invalid') return answerOutcome(answer, outcome, context, options, 'action');
    const actionResult = toActionResultState(accepted.name, outcome.invalid);
    const { status, headers = {} } = outcome.invalid.answer;
    for (const [header, value] of Object.entries(headers)) response.setHeader(header, value);
    // 200, not 422, for the JavaScript path: browsers log every 4xx fetch as a console error. An answer
    // with a status of its own (429) keeps it: the client reads the line whatever the status.
    if (representation === 'data')
      return sendDataLine(response, status ?? 200, { type: 'invalid', ...actionResult });
    return answerInvalid(answer, { actionResult, status: status ?? 422, abort }, options);
  };
}

/** What an action's answer needs of its request. */
interface ActionAnswer {
  request: Request;
  response: Response;
  pageRequest: PageRequest;
  representation: ActionRepresentation;
  /** The error page, or the error line for the data representation. */
  /** Answers an error status, with an HttpError's public message when it has one. */
  fail: (status: number, message?: string) => void;
  next: NextFunction | undefined;
  /** The segments the action named as changed (`context.revalidate`); none named: every one. */
  revalidate: string[];
}

type Refusal = { type: 'refused'; status: number; allow?: string };

function refuse({ response, fail }: ActionAnswer, { status, allow }: Refusal): void {
  if (allow) response.setHeader('Allow', allow);
  // The body may be unread (403, 413, 408): do not keep the connection for whatever follows it.
  if (status === 403 || status === 408 || status === 413) response.setHeader('Connection', 'close');
  fail(status);
}

/** The answer to an outcome other than invalid input: a redirect (303), an error status, or the 500. */
function answerOutcome(
  { request, response, representation, fail, next, revalidate }: ActionAnswer,
  outcome: Exclude<ActionOutcome, { type: 'invalid' }>,
  context: RequestContext,
  { reportError }: HandleActionOptions,
  /** Which step's outcome it is, for the error report. */
  kind: 'middleware' | 'action',
): void {
  switch (outcome.type) {
    case 'disconnected':
      return;
    case 'refused':
      return fail(outcome.status, outcome.message);
    case 'failed':
      reportError(outcome.error, request, kind);
      return representation === 'data' ? fail(500) : next?.(outcome.error);
    case 'redirect': {
      const location = context.urlOf(outcome.redirect.location);
      if (representation === 'data') {
        const line = { type: 'redirect', location, status: 303 } as const;
        return sendDataLine(response, 200, revalidate.length ? { ...line, revalidate } : line);
      }
      return response.redirect(303, location);
    }
  }
}

interface RouteChecked {
  type: 'checked';
  match: NonNullable<ReturnType<CompiledRouteTable['match']>>;
  routeActions: RouteActions[string];
}

/** The checks before anything is read of the request: route (404), actions (405), origin (403). */
function checkRoute(
  request: Request,
  pageRequest: PageRequest,
  { routes, actions, allowedOrigins, publicOrigin, monitoring }: HandleActionOptions,
): Refusal | RouteChecked {
  const match = routes.match(pageRequest.appPath);
  if (!match) return { type: 'refused', status: 404 };
  // The data URL's post too (`POST /_data/{build}/...`): its transaction and its errors are the page's.
  nameByRoute(request, monitoring, routes.pathOf(match.route.id), pageRequest.locale, match.route.id);
  const routeActions = actions[match.route.id];
  if (!routeActions) return { type: 'refused', status: 405, allow: 'GET, HEAD' };
  // Before reading the body: a cross-site post is refused without taking its bytes.
  if (!isAllowedOrigin(request, { allowedOrigins, publicOrigin })) return { type: 'refused', status: 403 };
  return { type: 'checked', match, routeActions };
}

interface Accepted {
  type: 'accepted';
  name: string;
  handler: RouteActions[string][string];
  fields: Awaited<ReturnType<typeof readFormBody>>;
}

/** Reads the body (415, 413, 400, 408) and the action it names (400). */
async function readAction(
  request: Request,
  routeActions: RouteActions[string],
  formBodyTimeoutMs: number,
): Promise<Refusal | Accepted> {
  let fields: Awaited<ReturnType<typeof readFormBody>>;
  try {
    fields = await readFormBody(request, formBodyTimeoutMs);
  } catch (error) {
    if (error instanceof HttpError) return { type: 'refused', status: error.status };
    throw error;
  }
  const name = fields[ACTION_FIELD];
  const handler = name !== undefined && Object.hasOwn(routeActions, name) ? routeActions[name] : undefined;
  if (!handler || name === undefined) return { type: 'refused', status: 400 };
  return { type: 'accepted', name, handler, fields };
}

/** What the middleware's stop means for an action: the same answers as the action's own. */
function outcomeOfStop(stop: MiddlewareStop): Exclude<ActionOutcome, { type: 'invalid' }> {
  switch (stop.type) {
    case 'redirect':
    case 'refused':
      return stop;
    case 'failed':
      return stop.error instanceof ClientDisconnectedError ? { type: 'disconnected' } : stop;
  }
}

type ActionOutcome =
  | { type: 'redirect'; redirect: Redirect }
  | { type: 'invalid'; invalid: Invalid }
  | { type: 'disconnected' }
  /** An expected failure (HttpError 4xx): the error page with its status and public message. */
  | { type: 'refused'; status: number; message?: string }
  /** Unexpected: reported, then the 500. */
  | { type: 'failed'; error: unknown };

/** Runs the action until it answers or its signal aborts; a thrown `redirect()` is an answer too. */
async function runAction(handler: Accepted['handler'], context: ActionContext): Promise<ActionOutcome> {
  try {
    const result = await untilAborted(handler(context), context.signal);
    return result instanceof Redirect
      ? { type: 'redirect', redirect: result }
      : { type: 'invalid', invalid: result };
  } catch (error) {
    if (error instanceof ClientDisconnectedError) return { type: 'disconnected' };
    if (error instanceof Redirect) return { type: 'redirect', redirect: error };
    if (error instanceof HttpError && error.status < 500) {
      return { type: 'refused', status: error.status, message: publicMessageOf(error) };
    }
    return { type: 'failed', error };
  }
}

/**
 * Without JavaScript, invalid input answers with the same page again, its errors and submitted values, as 422
 * (or the invalid answer's own status).
 */
async function answerInvalid(
  { request, response, pageRequest, fail }: ActionAnswer,
  { actionResult, status, abort }: { actionResult: ActionResultState; status: number; abort: RequestAbort },
  { resolvePage, renderer }: HandleActionOptions,
): Promise<void> {
  // The request's middleware already ran: resolvePage reuses their values instead of running them again.
  const resolution = await resolvePage(request, response, pageRequest, abort);
  if (resolution.type === 'page') {
    return renderer.renderRoute(request, response, pageRequest, {
      ...resolution,
      abort,
      // A page whose segment failed keeps that status; otherwise the invalid input's.
      status: resolution.status === 200 ? status : resolution.status,
      actionResult,
    });
  }
  if (resolution.type === 'redirect') return response.redirect(303, resolution.location);
  return resolution.type === 'error' ? fail(resolution.status, resolution.message) : fail(405);
}
