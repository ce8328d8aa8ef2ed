import { PERSON_USER_AGENT, REQUEST_TIMEOUT_MS } from './load-loops.ts';

// Requests of the scale-out test, as a browser without JavaScript sends them.

export function postForm(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
}

export async function getPage(url: string, cookie: string) {
  const response = await fetch(url, {
    headers: { Cookie: cookie, 'User-Agent': PERSON_USER_AGENT },
    redirect: 'manual',
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  return { status: response.status, body: await response.text() };
}

/** The `cart=...` pair of a response's Set-Cookie, ready to send back. */
export function cartCookieOf(response: Response): string {
  const cart = response.headers.getSetCookie().find((cookie) => cookie.startsWith('cart='));
  if (!cart) throw new Error(`No cart cookie in the answer (status ${response.status})`);
  return cart.split(';')[0]!;
}

/** When the first body chunk and the end of the body arrive, in ms from sending. */
export async function timeStream(url: string) {
  const sent = performance.now();
  const response = await fetch(url, {
    headers: { 'User-Agent': PERSON_USER_AGENT },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let firstChunkMs: number | undefined;
  let body = '';
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    firstChunkMs ??= performance.now() - sent;
    body += decoder.decode(chunk.value, { stream: true });
  }
  const endMs = performance.now() - sent;
  return {
    status: response.status,
    body,
    firstChunkMs: Math.round(firstChunkMs ?? endMs),
    endMs: Math.round(endMs),
  };
}
