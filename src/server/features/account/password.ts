import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id at the OWASP minimum (m=19456 KiB, t=2, p=1). The library's default algorithm
 * is argon2id; its Algorithm enum is a const enum that isolated modules cannot import.
 */
const argon2Options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/** Spends the time of a real check, so an unknown account answers as slowly as a wrong password. */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('no-such-account-0');
  await verifyPassword(await dummyHash, password);
  return false;
}
