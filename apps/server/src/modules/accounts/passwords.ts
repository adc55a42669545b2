import { randomBytes, randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id at OWASP's minimum for it (Password Storage Cheat Sheet: 19 MiB of memory, 2
 * iterations, 1 degree of parallelism); about 70 ms per hash on the reference machine.
 */
// algorithm 2 is Argon2id (the package's const enum cannot be imported under verbatimModuleSyntax).
export const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** False for a wrong password or a hash that is not an argon2 hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash of nothing anyone knows, checked when an address has no account so that a login
 * takes as long for an unknown address as for a known one.
 */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(32).toString('base64url'));
  return dummyHash;
}

/** No 0/O, 1/l/I: the password is read from an e-mail and typed by hand. */
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A generated password for a new account: 14 characters, about 81 bits. */
export function generatePassword(length = 14): string {
  let password = '';
  for (let index = 0; index < length; index += 1) password += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return password;
}

/** Session and reset tokens: 32 random bytes (256 bits), URL-safe. Only their hash is stored. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}
