import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createStorefrontApp } from '../helpers/storefront-app.ts';

function nonceOf(csp: string | undefined): string | undefined {
  return /'nonce-([^']+)'/.exec(csp ?? '')?.[1];
}

describe('security headers', () => {
  const app = createStorefrontApp();

  it('sends a CSP whose nonce is on every inline script the page carries, and no unsafe-inline for scripts', async () => {
    const response = await request(app).get('/products/chef-knife-20cm');
    const csp = response.headers['content-security-policy'];
    const nonce = nonceOf(csp);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'(;|$)/);
    expect(csp).toMatch(/^default-src 'self';script-src .*;object-src 'none'$/);
    expect(csp).not.toContain('nonce-slot');
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    const inlineScripts = response.text.match(/<script(?![^>]*\ssrc=)[^>]*>/g) ?? [];
    expect(inlineScripts.length).toBeGreaterThanOrEqual(2); // hydration data, deferred value, React's own
    for (const tag of inlineScripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it('uses a new nonce for every response, past a batch of random bytes (256 nonces)', async () => {
    const nonces = new Set<string | undefined>();
    for (let index = 0; index < 300; index += 1) {
      // The 404 page is the cheapest response that carries the policy.
      nonces.add(nonceOf((await request(app).get('/no-such-page')).headers['content-security-policy']));
    }
    expect(nonces.size).toBe(300);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });

  it('sets nosniff, a strict referrer policy and no framing', async () => {
    const response = await request(app).get('/');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('sends HSTS only for HTTPS through a trusted proxy', async () => {
    expect((await request(app).get('/')).headers['strict-transport-security']).toBeUndefined();
    const untrusted = await request(app).get('/').set('X-Forwarded-Proto', 'https');
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
    const trusted = await request(createStorefrontApp({ TRUST_PROXY: '1' }))
      .get('/')
      .set('X-Forwarded-Proto', 'https');
    expect(trusted.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
