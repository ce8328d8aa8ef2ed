import { useEffect, useState } from 'react';
import { IDEMPOTENCY_FIELD } from '../shop-rules.ts';

/**
 * The add-to-cart form's key (a repeated post of it adds once), minted in the browser once the form is
 * mounted: the product page is shared by every visitor through caches, so its HTML can carry no key of one
 * visit. `kept` is the key of an invalid answer's post, kept for the next try. Without JavaScript there is no
 * key, and a second submit adds again.
 */
export function IdempotencyKeyInput({ kept }: { kept: string | undefined }) {
  const [minted, setMinted] = useState<string>();
  useEffect(() => setMinted(randomUuid()), []);
  const key = kept ?? minted;
  return key ? <input type="hidden" name={IDEMPOTENCY_FIELD} value={key} /> : null;
}

/** 128 random bits written as a UUID (8-4-4-4-12 hex), from getRandomValues, which plain-HTTP pages have too. */
function randomUuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const hex = Array.from(bytes, (byte) => (byte + 256).toString(16).slice(1)).join('');
  return hex.replace(/(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-');
}
