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

/** A version 4 UUID from getRandomValues, which (unlike crypto.randomUUID) plain-HTTP pages have too. */
function randomUuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
