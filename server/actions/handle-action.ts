import type { NextFunction, Request, Response } from 'express';
import type { CompiledRouteTable } from '../../shared/routing/compile-routes.ts';
import { HttpError, Redirect } from '../../shared/routing/control-signals.ts';
import type { ActionResultState } from '../../shared/ui/ssr-payload.ts';
import { sendDataLine, sendErrorLine } from '../data/page-data-response.ts';
import type { ReportError } from '../monitoring/report-error.ts';
import { factsOf, type PageRequest } from '../pipeline/page-request.ts';
import {
  abortOnDisconnectOrDeadline,
  ClientDisconnectedError,
  untilAborted,
} from '../pipeline/request-abort.ts';
import type { ResolvePage } from '../pipeline/resolve-page.ts';
import type { DocumentRenderer } from '../render/document-renderer.ts';
import type { CreateRequestContext } from '../request-context.ts';
import {
  ACTION_FIELD,
  type ActionContext,
  type Invalid,
  type RouteActions,
  toActionResultState,
} from './action.ts';
import { isAllowedOrigin } from './check-origin.ts';
import { readFormBody } from './read-form-body.ts';

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
  renderer: DocumentRenderer;
  allowedOrigins: readonly string[];
  /** PUBLIC_ORIGIN: an `Origin` equal to it is ours too. */
  publicOrigin: string | undefined;
  renderTimeoutMs: number;
  formBodyTimeoutMs: number;
  reportError: ReportError;
}

/**
 * Runs a page's server action for `POST {page URL}` (and its data URL). In order: the route must exist (404)
 * and declare actions (405), the origin must be ours (403, before reading the body), the body must be a
 * small flat form (415, 413, 400, 408), and `_action` must name one of the route's actions (400). Every
 * answer is `Cache-Control: no-store`.
 */
export function createActionHandler(options: HandleActionOptions): HandleAction {
  const { renderer } = options;

  return async function handleAction(request, response, pageRequest, representation, next) {
    response.setHeader('Cache-Control', 'no-store');
    const fail = (status: number) => {
      // The body may be unread (403, 413, 408): do not keep the connection for whatever follows it.
      if (status === 403 || status === 408 || status === 413) response.setHeader('Connection', 'close');
      if (representation === 'data') sendErrorLine(response, status);
      else renderer.renderError(request, response, pageRequest, status);
    };

    const accepted = await acceptAction(request, pageRequest, options);
    if (accepted.type === 'refused') {
      if (accepted.allow) response.setHeader('Allow', accepted.allow);
      return fail(accepted.status);
    }
    const { match, handler, name, fields } = accepted;

    const abortController = abortOnDisconnectOrDeadline(response, options.renderTimeoutMs);
    // Assigned, not spread: spreading would read (and parse) the context's lazy `url`.
    const context: ActionContext = Object.assign(
      options.createRequestContext(
        request,
        response,
        factsOf(pageRequest, match.params, abortController.signal),
      ),
      { fields },
    );
    const outcome = await runAction(handler, context);
    switch (outcome.type) {
      case 'disconnected':
        return;
      case 'refused':
        return fail(outcome.status);
      case 'failed':
        options.reportError(outcome.error, request);
        return representation === 'data' ? fail(500) : next?.(outcome.error);
    }
    const { result } = outcome;
    if (result instanceof Redirect) {
      const location = context.urlOf(result.location);
      if (representation === 'data')
        return sendDataLine(response, 200, { type: 'redirect', location, status: 303 });
      return response.redirect(303, location);
    }

    const actionResult = toActionResultState(name, result);
    const { status, headers = {} } = result.answer;
    for (const [header, value] of Object.entries(headers)) response.setHeader(header, value);
    // 200, not 422, for the JavaScript path: browsers log every 4xx fetch as a console error. An answer
    // with a status of its own (429) keeps it: the client reads the line whatever the status.
    if (representation === 'data')
      return sendDataLine(response, status ?? 200, { type: 'invalid', ...actionResult });
    const answer = { actionResult, status: status ?? 422, abortController, fail };
    return answerInvalid(request, response, pageRequest, answer, options);
  };
}

interface Accepted {
  type: 'accepted';
  match: NonNullable<ReturnType<CompiledRouteTable['match']>>;
  name: string;
  handler: RouteActions[string][string];
  fields: Awaited<ReturnType<typeof readFormBody>>;
}

type Acceptance = { type: 'refused'; status: number; allow?: string } | Accepted;

/** The checks before an action runs, in order: route (404), actions (405), origin (403), body, action name (400). */
async function acceptAction(
  request: Request,
  pageRequest: PageRequest,
  { routes, actions, allowedOrigins, publicOrigin, formBodyTimeoutMs }: HandleActionOptions,
): Promise<Acceptance> {
  const match = routes.match(pageRequest.appPath);
  if (!match) return { type: 'refused', status: 404 };
  const routeActions = actions[match.route.id];
  if (!routeActions) return { type: 'refused', status: 405, allow: 'GET, HEAD' };
  // Before reading the body: a cross-site post is refused without taking its bytes.
  if (!isAllowedOrigin(request, { allowedOrigins, publicOrigin })) return { type: 'refused', status: 403 };
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
  return { type: 'accepted', match, name, handler, fields };
}

type ActionOutcome =
  | { type: 'done'; result: Redirect | Invalid }
  | { type: 'disconnected' }
  /** An expected failure (HttpError 4xx): the error page with its status. */
  | { type: 'refused'; status: number }
  /** Unexpected: reported, then the 500. */
  | { type: 'failed'; error: unknown };

/** Runs the action until it answers or its signal aborts; a thrown `redirect()` is an answer too. */
async function runAction(handler: Accepted['handler'], context: ActionContext): Promise<ActionOutcome> {
  try {
    return { type: 'done', result: await untilAborted(handler(context), context.signal) };
  } catch (error) {
    if (error instanceof ClientDisconnectedError) return { type: 'disconnected' };
    if (error instanceof Redirect) return { type: 'done', result: error };
    if (error instanceof HttpError && error.status < 500) return { type: 'refused', status: error.status };
    return { type: 'failed', error };
  }
}

/** Without JavaScript, invalid input answers with the same page again, its errors and submitted values, as 422. */
async function answerInvalid(
  request: Request,
  response: Response,
  pageRequest: PageRequest,
  answer: {
    actionResult: ActionResultState;
    status: number;
    abortController: AbortController;
    fail: (status: number) => void;
  },
  { resolvePage, renderer }: HandleActionOptions,
): Promise<void> {
  const resolution = await resolvePage(request, response, pageRequest, answer.abortController.signal);
  if (resolution.type === 'page') {
    return renderer.renderRoute(request, response, pageRequest, {
      ...resolution,
      abortController: answer.abortController,
      // A page whose segment failed keeps that status; otherwise the invalid input's.
      status: resolution.status === 200 ? answer.status : resolution.status,
      actionResult: answer.actionResult,
    });
  }
  if (resolution.type === 'redirect') return response.redirect(303, resolution.location);
  return answer.fail(resolution.type === 'error' ? resolution.status : 405);
}
