import type { Response } from 'express';

/** The CSP nonce of this response; every inline script the runtime writes carries it. */
export function cspNonceOf(response: Response): string | undefined {
  return response.locals.cspNonce as string | undefined;
}
