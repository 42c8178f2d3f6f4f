import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { HashingQueue } from './password-hashing';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  length: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

const COST = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;

/** Every scrypt of the process waits its turn here (decision 0029). */
export const passwordHashing = new HashingQueue();

/**
 * Who a hash is for: the caller's IP for signing in and up, the user for a signed-in user's passwords. Each owner
 * gets a bounded share of the hashing queue.
 */
export type HashingOwner = `ip:${string}` | `user:${number}` | 'operator';

/**
 * scrypt with a random salt; the parameters travel with the hash so they can be raised later. Refused with a 503
 * (`busy`) when the hashing queue or the owner's share of it is full.
 */
export async function hashPassword(password: string, owner: HashingOwner): Promise<string> {
  const salt = randomBytes(16);
  const key = await passwordHashing.run(owner, () =>
    scryptAsync(password, salt, KEY_LENGTH, { ...COST, maxmem: 64 * 1024 * 1024 }),
  );
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/**
 * Stored instead of a hash for an account no one signs in to (the market maker): no password matches it, and a
 * reset code cannot replace it.
 */
export const NO_PASSWORD = '!';

/** Whether the password matches the stored hash; waits for its turn and may be refused as `hashPassword`. */
export async function verifyPassword(
  password: string,
  stored: string,
  owner: HashingOwner,
): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await passwordHashing.run(owner, () =>
    scryptAsync(password, Buffer.from(salt, 'base64'), expected.length, {
      N: Number(n),
      r: Number(r),
      p: Number(p),
      maxmem: 64 * 1024 * 1024,
    }),
  );
  return timingSafeEqual(actual, expected);
}
