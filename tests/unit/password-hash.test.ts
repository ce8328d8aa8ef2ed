import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  dummyPasswordHash,
  hashPassword,
  needsRehash,
  SCRYPT_COST,
  verifyPassword,
} from '../../apps/storefront/server/accounts/password-hash.ts';

/** A hash as an older release with a lower cost would have stored it. */
function hashWithCost(password: string, log2N: number): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N: 2 ** log2N, r: 8, p: 1 });
  const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');
  return `$scrypt$ln=${log2N},r=8,p=1$${b64(salt)}$${b64(key)}`;
}

describe('password hashing (scrypt)', () => {
  it('stores its cost, a 32-byte salt and a 64-byte key, and verifies only the same password', async () => {
    const stored = await hashPassword('correct horse battery');
    const [, , cost, salt, key] = stored.split('$');
    expect(cost).toBe(`ln=${SCRYPT_COST.log2N},r=${SCRYPT_COST.r},p=${SCRYPT_COST.p}`);
    expect(Buffer.from(salt ?? '', 'base64')).toHaveLength(32);
    expect(Buffer.from(key ?? '', 'base64')).toHaveLength(64);
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
    expect(stored).not.toBe(await hashPassword('correct horse battery'));
  });

  it('hashes a password as typed on any keyboard alike (NFKC)', async () => {
    const stored = await hashPassword('caf\u00e9 au lait!');
    expect(await verifyPassword('cafe\u0301 au lait!', stored)).toBe(true);
  });

  it('verifies a hash of an older cost and says it needs rehashing', async () => {
    const older = hashWithCost('an older password', 10);
    expect(await verifyPassword('an older password', older)).toBe(true);
    expect(needsRehash(older)).toBe(true);
    expect(needsRehash(await hashPassword('a newer password'))).toBe(false);
  });

  it('refuses a stored hash that is malformed or asks for more memory than we allow', async () => {
    for (const stored of [
      '',
      'plain',
      '$scrypt$ln=30,r=8,p=1$AAAA$AAAA',
      '$argon2id$v=19$m=1,t=1,p=1$AAAA$AAAA',
    ])
      await expect(verifyPassword('x', stored)).rejects.toThrow(TypeError);
  });

  it('has one dummy hash per process, at today’s cost, which no password opens', async () => {
    const dummy = await dummyPasswordHash();
    expect(await dummyPasswordHash()).toBe(dummy);
    expect(needsRehash(dummy)).toBe(false);
    expect(await verifyPassword('', dummy)).toBe(false);
  });
});
