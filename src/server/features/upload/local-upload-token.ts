import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { memberKeyPrefix, uploadErrors, uploadPolicies, uploadPurposes, type UploadPurpose } from '../../../contract/upload.ts';
import { AppError } from '../../http/app-error.ts';

/** What a local upload token allows: one member, one purpose, files under its prefix up to maxBytes, until expiresAt. */
export interface UploadGrant {
  purpose: UploadPurpose;
  userId: number;
  keyPrefix: string;
  maxBytes: number;
  expiresAt: number;
}

/**
 * `<payload>.<signature>`: the payload is the grant as base64url JSON; the signature is
 * HMAC-SHA256(session secret, label + payload + sid). The sid is in the signature, not the
 * payload, so the token works only in the browser session that asked for it (as the anti-forgery
 * token does) without showing anything of the sid. The label keeps these signatures apart from
 * the anti-forgery ones made with the same secret.
 */
const signatureLabel = 'upload-token.v1.';

function signatureOf(secret: string, payload: string, sid: string): Buffer {
  return createHmac('sha256', secret).update(`${signatureLabel}${payload}.${sid}`).digest();
}

export function signUploadToken(secret: string, sid: string, grant: UploadGrant): string {
  const payload = Buffer.from(JSON.stringify(grant)).toString('base64url');
  return `${payload}.${signatureOf(secret, payload, sid).toString('base64url')}`;
}

const tokenPattern = /^([A-Za-z0-9_-]{16,1024})\.([A-Za-z0-9_-]{43})$/;

/** The grant of a token signed for this session, or upload.tokenInvalid / upload.tokenExpired. */
export function verifyUploadToken(secret: string, sid: string, token: string, now = Date.now()): UploadGrant {
  const match = tokenPattern.exec(token);
  const [, payload = '', signature = ''] = match ?? [];
  const given = Buffer.from(signature, 'base64url');
  const expected = signatureOf(secret, payload, sid);
  if (!match || given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError(uploadErrors.tokenInvalid);
  const grant = grantOf(payload);
  // A signed grant is the store's own, but it is still checked against today's policies (a token from before a deploy).
  if (!grant) throw new AppError(uploadErrors.tokenInvalid);
  if (now > grant.expiresAt) throw new AppError(uploadErrors.tokenExpired);
  return grant;
}

const grantSchema = z.strictObject({
  purpose: z.enum(uploadPurposes),
  userId: z.number().int().positive(),
  keyPrefix: z.string(),
  maxBytes: z.number().int().positive(),
  expiresAt: z.number(),
});

function grantOf(payload: string): UploadGrant | null {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = grantSchema.safeParse(value);
  if (!parsed.success) return null;
  const grant = parsed.data;
  const isCurrent = grant.keyPrefix === memberKeyPrefix(grant.purpose, grant.userId) && grant.maxBytes <= uploadPolicies[grant.purpose].maxBytes;
  return isCurrent ? grant : null;
}
