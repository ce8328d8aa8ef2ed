import type { Request, Response } from 'express';
import { type PageRequest, setPageRequest } from '../request/page-request.ts';
import type { PageTarget } from '../resolve/resolve-locale.ts';

/**
 * Answers a page URL's target when it is no page (a locale redirect, 404 outside the base path, 400), or
 * returns its page request, noted for the error handler; either way with the headers that chose it.
 */
export function answerPageTarget(
  resolveTarget: (request: Request) => PageTarget,
  renderError: (request: Request, response: Response, status: number) => void,
) {
  return function pageRequestOrAnswer(request: Request, response: Response): PageRequest | undefined {
    const target = resolveTarget(request);
    if (target.type === 'error') return void renderError(request, response, target.status);
    for (const header of target.vary) response.vary(header);
    if (target.type === 'redirect') return void response.redirect(target.status, target.location);
    setPageRequest(response, target.pageRequest);
    return target.pageRequest;
  };
}
