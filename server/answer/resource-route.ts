import { Readable } from 'node:stream';
import type { Request, Response } from 'express';
import { PRIVATE_CACHE_CONTROL } from '../definition/cache-policy.ts';
import type { RequestContext } from '../definition/request-context.ts';
import type { ResourceHandler } from '../definition/resource.ts';
import { privateRead } from '../request/private-reads.ts';
import type { MiddlewareStop } from '../resolve/run-middleware.ts';
import { sendRedirect } from './send-redirect.ts';

/** A matched resource route, with what its handler needs. */
export interface ResourceRequest {
  handler: ResourceHandler | undefined;
  routeId: string;
  context: RequestContext;
  /** Answers an expected failure (notFound(), a 4xx HttpError with its public message) with the error page. */
  renderError: (status: number, message?: string) => void;
  /** What a thrown value means: a control signal's answer, or what the request's middleware make of an error. */
  failed: (error: unknown) => MiddlewareStop | Promise<MiddlewareStop>;
}

/**
 * Runs a resource route's handler and writes its answer. Control signals answer as they do for pages
 * (redirect, the 404 page, a 4xx page); anything else is thrown on to the 500 page.
 */
export async function answerResource(
  request: Request,
  response: Response,
  resource: ResourceRequest,
): Promise<void> {
  if (!resource.handler) throw new Error(`Resource route "${resource.routeId}" has no handler`);
  try {
    const answer = await resource.handler(resource.context);
    return await sendResource(request, response, answer);
  } catch (error) {
    // Control signals, and what the middleware that wrap the request (`next()`) make of an unexpected error.
    const stop = await resource.failed(error);
    switch (stop.type) {
      case 'redirect':
        return sendRedirect(response, resource.context.urlOf(stop.redirect.location), stop.redirect.status);
      case 'refused':
        return resource.renderError(stop.status, stop.message);
      case 'failed':
        throw stop.error;
    }
  }
}

/**
 * Writes a handler's answer: status and headers as given (no document cache headers unless it set them),
 * and the body, streamed, except for HEAD.
 */
export async function sendResource(
  request: Request,
  response: Response,
  answer: globalThis.Response,
): Promise<void> {
  response.status(answer.status);
  answer.headers.forEach((value, name) => {
    response.setHeader(name, value);
  });
  // A handler that read what differs per visitor made a private answer, whatever it says; a header it
  // names in its own `Vary` is a variant, as a segment's `varyBy` makes one.
  if (privateRead(response, variedBy(answer)) !== undefined || response.hasHeader('Set-Cookie')) {
    response.setHeader('Cache-Control', PRIVATE_CACHE_CONTROL);
  }
  if (request.method === 'HEAD' || !answer.body) {
    await answer.body?.cancel();
    response.end();
    return;
  }
  const body = Readable.fromWeb(answer.body as import('node:stream/web').ReadableStream);
  await new Promise<void>((resolve, reject) => {
    body.once('error', reject);
    response.once('close', () => {
      body.destroy();
      resolve();
    });
    body.pipe(response);
  });
}

/** The request headers an answer's `Vary` names (lowercase). */
function variedBy(answer: globalThis.Response): ReadonlySet<string> {
  const vary = answer.headers.get('Vary') ?? '';
  return new Set(vary.split(',').map((name) => name.trim().toLowerCase()));
}
