import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { apiKeyPrefixOf } from '../../../contract/open-api.ts';

/** A whole key: `xp_live_<id>_<43 characters of secret>`, or `xp_test_…` for a sandbox key. */
export const apiKeyPattern = /^xp_(live|test)_(\d{1,10})_([A-Za-z0-9_-]{43})$/;

/** The key id a presented key names, even when its secret is malformed: its failures are counted against that key. */
const namedIdPattern = /^xp_(?:live|test)_(\d{1,10})_/;

export function keyIdNamedBy(apiKey: string): number | null {
  const match = namedIdPattern.exec(apiKey.trim());
  return match?.[1] ? Number(match[1]) : null;
}

export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The secret is 256 random bits, so a plain SHA-256 is the right hash: slow hashes (argon2,
 * bcrypt) protect guessable passwords; a 256-bit secret cannot be guessed, and every API request
 * would pay the slow hash's CPU.
 */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** An HMAC can only be checked with its key: the secret is kept encrypted under a key derived from SESSION_SECRET. */
function cipherKeyOf(sessionSecret: string): Buffer {
  return createHash('sha256').update(`open-api-signing-key:${sessionSecret}`).digest();
}

export function encryptSecret(sessionSecret: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', cipherKeyOf(sessionSecret), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

export function decryptSecret(sessionSecret: string, stored: string): string {
  const bytes = Buffer.from(stored, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', cipherKeyOf(sessionSecret), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}

export function fullKeyOf(keyId: number, secret: string, isSandbox = false): string {
  return `${apiKeyPrefixOf(isSandbox)}${keyId}_${secret}`;
}

export function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
