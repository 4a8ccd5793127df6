import qiniu from 'qiniu';
import type { UploadPolicy } from '../../../contract/upload.ts';
import type { QiniuConfig } from '../../config.ts';

/**
 * A Qiniu upload token (accessKey:signature:base64(policy)) for direct upload from the browser:
 * only keys under the member's prefix (isPrefixalScope), named by the store (forceSaveKey: the
 * content's hash and the extension of the type Qiniu detects), within the purpose's size and
 * types, checked by Qiniu on the content (detectMime), until the deadline.
 */
export function qiniuUploadToken(qiniuConfig: QiniuConfig, keyPrefix: string, policy: UploadPolicy, ttlSeconds: number): { token: string; expiresAt: number } {
  const putPolicy = new qiniu.rs.PutPolicy({
    scope: `${qiniuConfig.bucket}:${keyPrefix}`,
    isPrefixalScope: 1,
    expires: ttlSeconds,
    saveKey: `${keyPrefix}$(etag)$(ext)`,
    forceSaveKey: true,
    fsizeLimit: policy.maxBytes,
    detectMime: 1,
    mimeLimit: policy.accept.join(';'),
  });
  const token = putPolicy.uploadToken(new qiniu.auth.digest.Mac(qiniuConfig.accessKey, qiniuConfig.secretKey));
  return { token, expiresAt: qiniuDeadlineOf(token) * 1000 };
}

/** The policy's deadline (epoch seconds), read back from the token so expiresAt is exactly what Qiniu will hold to. */
export function qiniuDeadlineOf(token: string): number {
  const policy: unknown = JSON.parse(Buffer.from(token.split(':')[2] ?? '', 'base64url').toString('utf8'));
  if (typeof policy === 'object' && policy !== null && 'deadline' in policy && typeof policy.deadline === 'number') return policy.deadline;
  throw new Error('Qiniu upload token without a deadline');
}

/**
 * The keys a Qiniu token makes: `<prefix><etag><ext>`, the etag being 28 base64url characters.
 * Qiniu names JPEG files .jpg or .jpeg depending on what it detected; a supplier's document may be a .pdf.
 */
export function isQiniuKeyUnder(keyPrefix: string, key: string): boolean {
  return key.startsWith(keyPrefix) && /^[A-Za-z0-9_-]{28}\.(?:bmp|jpg|jpeg|png|webp|pdf)$/.test(key.slice(keyPrefix.length));
}
