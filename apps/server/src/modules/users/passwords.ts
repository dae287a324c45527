import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id parameters. Chosen so one verification costs tens of milliseconds of CPU here (see
 * bench/): expensive for an attacker, cheap enough that sign-in storms don't starve other requests.
 * Hashing runs on libuv's thread pool, never on the event loop.
 */
export const ARGON2_PARAMS = {
  // 2 = Algorithm.Argon2id; the const enum cannot be imported under verbatimModuleSyntax.
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (password: string) => hash(password, ARGON2_PARAMS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
