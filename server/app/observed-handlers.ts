import type { Request } from 'express';
import type { ObservedKind, ObservedStep, StepEnd } from '../definition/instrumentation.ts';
import type { RequestContext } from '../definition/request-context.ts';
import type { ObserveStep } from '../monitoring/instrumentations.ts';
import type { ReportError } from '../monitoring/report-error.ts';
import { routeFactsOf } from '../monitoring/route-facts.ts';
import type { DocumentRenderer } from '../render/document-renderer.ts';
import { requestOf } from '../request/request-context.ts';

/** What a handler's place in the app says of its step: its segment (middleware, data step) or route and name. */
type OwnFacts = Partial<Pick<ObservedStep, 'segmentId' | 'routeId' | 'action'>>;

type Handler = (...args: unknown[]) => unknown;

/**
 * The app's handlers of one kind (by segment or route id), each wrapped in that kind's observers; the map
 * itself when nobody observes the kind, so its requests pay nothing. Wrapped once, when the app is created.
 */
export function observedHandlers<Handlers extends Readonly<Record<string, unknown>>>(
  observe: ObserveStep | undefined,
  kind: ObservedKind,
  handlers: Handlers,
  factsOf: (id: string) => OwnFacts,
): Handlers {
  if (!observe) return handlers;
  const observed: Record<string, unknown> = {};
  for (const [id, handler] of Object.entries(handlers)) {
    observed[id] =
      typeof handler === 'function'
        ? observedHandler(observe, kind, handler as Handler, factsOf(id))
        : handler;
  }
  return observed as Handlers;
}

/** Actions by route id, then name: each wrapped in the action observers. */
export function observedActions<Actions extends Readonly<Record<string, Readonly<Record<string, unknown>>>>>(
  observe: ObserveStep | undefined,
  actions: Actions,
): Actions {
  if (!observe) return actions;
  const observed: Record<string, unknown> = {};
  for (const [routeId, named] of Object.entries(actions)) {
    observed[routeId] = observedHandlers(observe, 'action', named, (action) => ({ routeId, action }));
  }
  return observed as Actions;
}

function observedHandler(observe: ObserveStep, kind: ObservedKind, handler: Handler, own: OwnFacts) {
  return function observedStep(context: RequestContext, ...rest: unknown[]) {
    const request = requestOf(context) as Request;
    const facts = routeFactsOf(request);
    const step: ObservedStep = {
      kind,
      routePattern: facts?.routePath,
      routeId: own.routeId ?? facts?.routeId,
      locale: context.locale,
      request,
      ...(own.segmentId !== undefined && { segmentId: own.segmentId }),
      ...(own.action !== undefined && { action: own.action }),
    };
    return observe(step, () => handler(context, ...rest));
  };
}

/**
 * The renderer with the render observers around each page's render, from its start until its response has
 * ended (the step's status is the response's). A render that throws at once is reported and its response
 * closed, since no caller waits on it any more.
 */
export function observedRenderer(
  renderer: DocumentRenderer,
  observe: ObserveStep | undefined,
  reportError: ReportError,
): DocumentRenderer {
  if (!observe) return renderer;
  return {
    ...renderer,
    renderRoute(request, response, pageRequest, render) {
      const step: ObservedStep = {
        kind: 'render',
        routePattern: routeFactsOf(request)?.routePath,
        routeId: render.routeId,
        locale: pageRequest.locale,
        request,
      };
      const rendered = () =>
        new Promise<number>((resolve) => {
          response.once('close', () => resolve(response.statusCode));
          renderer.renderRoute(request, response, pageRequest, render);
        });
      observe(step, rendered, renderEnd).catch((error: unknown) => {
        reportError(error, request, 'render');
        response.destroy();
      });
    },
  };
}

function renderEnd(status: number): StepEnd {
  return status < 400 ? { outcome: 'ok', status } : { outcome: 'error', status, error: undefined };
}
