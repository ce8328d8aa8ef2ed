/**
 * Password hashing with node:crypto's scrypt (RFC 7914), no native dependency. A hash is stored as a
 * PHC-style string that carries its own parameters, `$scrypt$ln=15,r=8,p=1$<salt>$<key>` (base64, no
 * padding), so the parameters can be raised later: a hash made with older ones still verifies, and
 * `needsRehash` says to store a new one at the next sign-in. Server-only.
 */
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Today's cost: N = 2^15, r = 8, p = 1 uses 128 · N · r = 32 MiB and about 50–100 ms of one core per hash,
 * the OWASP Password Storage Cheat Sheet's scrypt minimum (N=2^17 with r=8 is its first choice, at 128 MiB a
 * hash, too much for a small server under a burst of sign-ins). scrypt runs on libuv's thread pool (4
 * threads), so at most 4 hashes use memory at once and the event loop never waits for one.
 */
export const SCRYPT_COST = { log2N: 15, r: 8, p: 1 } as const;
/** Bytes of random salt per password (NIST SP 800-63B 5.1.1.2 asks for at least 32 bits). */
const SALT_BYTES = 32;
/** Bytes of derived key kept. */
const KEY_BYTES = 64;
/** Room for the largest cost we accept when verifying (N = 2^17, r = 8: 128 MiB) and Node's overhead. */
const MAX_SCRYPT_MEMORY = 160 * 1024 * 1024;
/** Costs a stored hash may ask for: anything else is refused, so a crafted row cannot exhaust memory. */
const MAX_LOG2_N = 17;

export interface ScryptCost {
  log2N: number;
  r: number;
  p: number;
}

const PHC = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

/**
 * A password as it is hashed and counted: NFKC (NIST SP 800-63B 5.1.1.2), so the same password typed on two
 * keyboards hashes alike, and its length rule counts what is hashed.
 */
export function normalizedPassword(password: string): string {
  return password.normalize('NFKC');
}

function derive(password: string, salt: Buffer, cost: ScryptCost, length: number): Promise<Buffer> {
  const options: ScryptOptions = { N: 2 ** cost.log2N, r: cost.r, p: cost.p, maxmem: MAX_SCRYPT_MEMORY };
  const normalized = normalizedPassword(password);
  return new Promise((resolve, reject) => {
    scrypt(normalized, salt, length, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

const base64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');

/** The stored form of a new password: a fresh salt, today's cost (or the one given). */
export async function hashPassword(password: string, cost: ScryptCost = SCRYPT_COST): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, cost, KEY_BYTES);
  const { log2N, r, p } = cost;
  return `$scrypt$ln=${log2N},r=${r},p=${p}$${base64(salt)}$${base64(key)}`;
}

interface ParsedHash {
  cost: ScryptCost;
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash {
  const match = PHC.exec(stored);
  const [, log2N, r, p, salt, key] = match ?? [];
  const cost = { log2N: Number(log2N), r: Number(r), p: Number(p) };
  if (!match || !salt || !key || cost.log2N < 1 || cost.log2N > MAX_LOG2_N || cost.r < 1 || cost.p < 1)
    throw new TypeError('A stored password hash is not a $scrypt$ln=…,r=…,p=…$salt$key string we accept');
  return { cost, salt: Buffer.from(salt, 'base64'), key: Buffer.from(key, 'base64') };
}

/** Whether `password` is the one `stored` was made from; the comparison takes the same time either way. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const { cost, salt, key } = parseHash(stored);
  const candidate = await derive(password, salt, cost, key.length);
  return timingSafeEqual(candidate, key);
}

/** Whether `stored` was made with another cost than today's: the next sign-in stores a new hash. */
export function needsRehash(stored: string, today: ScryptCost = SCRYPT_COST): boolean {
  const { cost } = parseHash(stored);
  return cost.log2N !== today.log2N || cost.r !== today.r || cost.p !== today.p;
}

const dummies = new Map<ScryptCost, Promise<string>>();

/**
 * A hash of a random password at today's cost, made once per process: a sign-in for an unknown email
 * verifies against it, so it takes as long as a wrong password for a known one (no enumeration by timing).
 */
export function dummyPasswordHash(cost: ScryptCost = SCRYPT_COST): Promise<string> {
  let dummy = dummies.get(cost);
  if (!dummy) {
    dummy = hashPassword(randomBytes(32).toString('base64'), cost);
    dummies.set(cost, dummy);
  }
  return dummy;
}
