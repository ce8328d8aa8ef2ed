import type { Response } from 'express';

/** Redirect responses are never cached: they depend on the data step's state. */
export function sendRedirect(response: Response, location: string, status: number): void {
  response.setHeader('Cache-Control', 'no-store');
  response.redirect(status, location);
}
