import { hash, verify } from '@node-rs/argon2';

/**
 * Passwords are stored as argon2id hashes with OWASP's recommended minimum: 19 MiB of memory,
 * 2 iterations, 1 lane. The hash string carries its parameters, so they can be raised later
 * and old hashes still verify. Passwords are never logged.
 */
export const ARGON2_OPTIONS = {
  // Algorithm.Argon2id (a const enum in the binding's types, which isolated modules cannot read).
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS as never);

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/**
 * A hash of a random password, computed once: signing in to an account that does not exist
 * verifies against it, so the answer takes as long as for a real account.
 */
let dummy: Promise<string> | undefined;
export const dummyHash = () => {
  dummy ??= hashPassword(`no-such-account-${Math.random()}`);
  return dummy;
};
