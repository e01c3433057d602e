import { hash, verify } from '@node-rs/argon2';

/**
 * Passwords are kept as argon2id hashes at OWASP's first recommended setting (19 MiB of
 * memory, 2 passes, 1 lane: Password Storage Cheat Sheet). `@node-rs/argon2` hashes on
 * libuv's thread pool, so a sign-in (about 25 ms of work here) never holds the event loop.
 */
// `algorithm: 2` is the library's `Algorithm.Argon2id` (a const enum, which isolated modules cannot read).
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2ID);

/**
 * Checks a password against a stored hash. A person with no password (null) is checked
 * against a hash of nothing anyone can type, so an unknown e-mail, a person who never set a
 * password and a wrong password all take the same time and give the same answer.
 */
export async function passwordMatches(stored: string | null | undefined, password: string): Promise<boolean> {
  try {
    return (await verify(stored ?? (await placeholderHash()), password)) && Boolean(stored);
  } catch {
    return false;
  }
}

let placeholder: Promise<string> | undefined;
/** A hash at the same cost as real ones, made once per process from random bytes. */
function placeholderHash(): Promise<string> {
  placeholder ??= hash(crypto.randomUUID() + crypto.randomUUID(), ARGON2ID);
  return placeholder;
}
