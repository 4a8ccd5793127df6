import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import {
  localUploadPath,
  memberKeyPrefix,
  uploadErrors,
  uploadPolicies,
  uploadPurposes,
  uploadExtensions,
  uploadTokenTtlMs,
  type UploadMime,
  type UploadedImage,
  type UploadPurpose,
  type UploadToken,
} from '../../../contract/upload.ts';
import type { Config } from '../../config.ts';
import { AppError } from '../../http/app-error.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { signUploadToken, verifyUploadToken, type UploadGrant } from './local-upload-token.ts';
import { isQiniuKeyUnder, qiniuUploadToken } from './qiniu-upload-token.ts';
import { findUploads, insertUpload, insertUploadsIfMissing, markUploadsClaimed, type UploadRow } from './upload.repository.ts';
import { openStoredFile, removeStoredFile, storeFile } from './upload-storage.ts';

// For the console's own pictures (content desk): stored and served like members' uploads, under keys of its own.
export { openStoredFile, removeStoredFile, storeFile };

/** An upload another feature has claimed (a complaint's photo, an avatar). */
export interface Upload {
  key: string;
  userId: number;
  purpose: UploadPurpose;
  provider: 'local' | 'qiniu';
  /** Unknown for Qiniu uploads. */
  bytes: number | null;
  mime: string;
  createdAt: number;
  /** Where the browser loads it. */
  url: string;
}

/** A member's local uploads in an hour: room for several complaints' photos, not for filling the disk. */
export const uploadLimits = { perMemberPerHour: 60 } as const;

/** An uploaded key's address: the Qiniu domain for Qiniu uploads, the image base address (qiniuImgAddress) for the store's own. */
export function uploadUrl(config: Config, upload: { key: string; provider: 'local' | 'qiniu' }): string {
  const qiniu = config.uploads.qiniu;
  return upload.provider === 'qiniu' && qiniu ? `${qiniu.domain}${upload.key}` : `${config.imageBaseUrl}${upload.key}`;
}

/** /common/api/getQiniuToken: a Qiniu token when Qiniu is configured, else a token for the store's own endpoint, bound to this session. */
export function issueUploadToken(config: Config, visitor: { userId: number; sid: string }, purpose: UploadPurpose, now = Date.now()): UploadToken {
  const policy = uploadPolicies[purpose];
  const keyPrefix = memberKeyPrefix(purpose, visitor.userId);
  const common = { keyPrefix, maxBytes: policy.maxBytes, accept: policy.accept };
  const qiniu = config.uploads.qiniu;
  if (qiniu) {
    const { token, expiresAt } = qiniuUploadToken(qiniu, keyPrefix, policy, uploadTokenTtlMs / 1000);
    return { provider: 'qiniu', uploadUrl: qiniu.uploadUrl, token, expiresAt, urlPrefix: qiniu.domain, ...common };
  }
  const grant: UploadGrant = { purpose, userId: visitor.userId, keyPrefix, maxBytes: policy.maxBytes, expiresAt: now + uploadTokenTtlMs };
  const token = signUploadToken(config.sessionSecret, visitor.sid, grant);
  return { provider: 'local', uploadUrl: localUploadPath, token, expiresAt: grant.expiresAt, urlPrefix: config.imageBaseUrl, ...common };
}

/** The grant of a local token, when it was signed for this session of this member and has not expired. */
export function verifyLocalUploadToken(config: Config, visitor: { userId: number; sid: string }, token: string, now = Date.now()): UploadGrant {
  const grant = verifyUploadToken(config.sessionSecret, visitor.sid, token, now);
  if (grant.userId !== visitor.userId) throw new AppError(uploadErrors.tokenInvalid);
  return grant;
}

/** POST /common/upload: streams the file to disk under the grant's prefix and records it. */
export async function storeLocalUpload(
  deps: Pick<ServiceDeps, 'db' | 'config' | 'counters'>,
  grant: UploadGrant,
  file: { stream: Readable; isTruncated: () => boolean },
  now = Date.now(),
): Promise<UploadedImage> {
  const { isAllowed } = await deps.counters.consume(`upload:member:${grant.userId}`, uploadLimits.perMemberPerHour, 3600, now);
  if (!isAllowed) throw new AppError(uploadErrors.tooFrequent);
  const dir = deps.config.uploads.dir;
  const stored = await storeFile(file.stream, {
    dir,
    keyPrefix: grant.keyPrefix,
    maxBytes: grant.maxBytes,
    accept: uploadPolicies[grant.purpose].accept,
    noun: uploadPolicies[grant.purpose].noun,
    isTruncated: file.isTruncated,
  });
  try {
    await insertUpload(deps.db, { ...stored, userId: grant.userId, purpose: grant.purpose, provider: 'local', createdAt: now, claimedAt: null });
  } catch (error) {
    await removeStoredFile(dir, stored.key);
    throw error;
  }
  return { key: stored.key, url: uploadUrl(deps.config, { key: stored.key, provider: 'local' }) };
}

const localKeyPattern = new RegExp(
  `^(?:${uploadPurposes.map((purpose) => uploadPolicies[purpose].keyPrefix).join('|')})[1-9]\\d{0,9}/[0-9a-f]{32}\\.(?:${uploadExtensions.join('|')})$`,
);

/** Keys storeFile makes, and nothing else: no other path under UPLOAD_DIR is ever read. */
export function isLocalUploadKey(key: string): boolean {
  return localKeyPattern.test(key);
}

const mimeOfExtension: Record<string, UploadMime> = {
  bmp: 'image/bmp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

function mimeOfKey(key: string): UploadMime | undefined {
  return mimeOfExtension[key.slice(key.lastIndexOf('.') + 1)];
}

/** A stored local upload to serve at its image address, with its type, or null. */
export async function openLocalUpload(config: Config, key: string) {
  const mime = mimeOfKey(key);
  if (!isLocalUploadKey(key) || !mime) return null;
  const file = await openStoredFile(config.uploads.dir, key);
  return file ? { ...file, mime } : null;
}

interface ScreenedKeys {
  keys: string[];
  known: Map<string, UploadRow>;
  newQiniuRows: UploadRow[];
}

/** Each key must be the member's own upload for the purpose (or, with Qiniu, a key their token could have made): notOwned otherwise. */
async function screenOwnKeys(
  deps: Pick<ServiceDeps, 'db' | 'config'>,
  request: { userId: number; purpose: UploadPurpose; keys: readonly string[] },
  now: number,
): Promise<ScreenedKeys> {
  const { userId, purpose } = request;
  const keys = [...new Set(request.keys)];
  const known = new Map((await findUploads(deps.db, keys)).map((row) => [row.key, row]));
  const keyPrefix = memberKeyPrefix(purpose, userId);
  const newQiniuRows: UploadRow[] = [];
  for (const key of keys) {
    const row = known.get(key);
    if (row) {
      if (row.userId !== userId || row.purpose !== purpose) throw new AppError(uploadErrors.notOwned);
      continue;
    }
    const mime = mimeOfKey(key);
    const isAccepted = mime !== undefined && uploadPolicies[purpose].accept.includes(mime);
    if (!deps.config.uploads.qiniu || !isQiniuKeyUnder(keyPrefix, key) || !mime || !isAccepted) throw new AppError(uploadErrors.notOwned);
    newQiniuRows.push({ key, userId, purpose, provider: 'qiniu', bytes: null, mime, createdAt: now, claimedAt: null });
  }
  return { keys, known, newQiniuRows };
}

/**
 * What claimUploads would refuse, without claiming: a form checks its keys before it spends
 * anything else (an SMS code). claimUploads checks again when it claims.
 */
export async function checkOwnUploads(
  deps: Pick<ServiceDeps, 'db' | 'config'>,
  request: { userId: number; purpose: UploadPurpose; keys: readonly string[] },
  now = Date.now(),
): Promise<void> {
  await screenOwnKeys(deps, request, now);
}

/**
 * For a feature accepting uploaded keys (a complaint's photos): each key must be this member's own
 * upload for this purpose, so nobody attaches another member's file. Qiniu uploads went straight to
 * Qiniu, so a key the store has not seen is accepted when Qiniu is configured and the key is one
 * the member's token for this purpose could have made (its prefix); it is recorded then. The claimed
 * uploads are marked and returned in the order of `keys`, once each.
 */
export async function claimUploads(
  deps: Pick<ServiceDeps, 'db' | 'config'>,
  request: { userId: number; purpose: UploadPurpose; keys: readonly string[] },
  now = Date.now(),
): Promise<Upload[]> {
  const { userId, purpose } = request;
  const { keys, known, newQiniuRows } = await screenOwnKeys(deps, request, now);
  await insertUploadsIfMissing(deps.db, newQiniuRows);
  await markUploadsClaimed(deps.db, userId, keys, now);
  for (const row of newQiniuRows) known.set(row.key, row);
  return keys.flatMap((key) => {
    const row = known.get(key);
    return row
      ? [{ key, userId, purpose, provider: row.provider, bytes: row.bytes, mime: row.mime, createdAt: row.createdAt, url: uploadUrl(deps.config, row) }]
      : [];
  });
}

/**
 * The bytes of the member's own uploaded key for this purpose (claimed, as claimUploads does), or
 * null when the stored file is gone. Local files are read from UPLOAD_DIR; Qiniu's from its domain,
 * at most the purpose's size.
 */
export async function readOwnUpload(
  deps: Pick<ServiceDeps, 'db' | 'config'>,
  request: { userId: number; purpose: UploadPurpose; key: string },
  now = Date.now(),
): Promise<Buffer | null> {
  const [upload] = await claimUploads(deps, { userId: request.userId, purpose: request.purpose, keys: [request.key] }, now);
  if (!upload) throw new AppError(uploadErrors.notOwned);
  if (upload.provider === 'local') {
    if (!isLocalUploadKey(upload.key)) return null;
    return readFile(join(deps.config.uploads.dir, upload.key)).catch(() => null);
  }
  const response = await fetch(upload.url).catch(() => null);
  if (!response?.ok) return null;
  const bytes = Buffer.from(await response.arrayBuffer());
  return bytes.length <= uploadPolicies[request.purpose].maxBytes ? bytes : null;
}

/**
 * An image the store made from a member's upload (an avatar cut to size), stored in UPLOAD_DIR
 * under the member's prefix for the purpose and recorded as theirs, already claimed.
 */
export async function storeDerivedImage(
  deps: Pick<ServiceDeps, 'db' | 'config'>,
  image: { userId: number; purpose: UploadPurpose; bytes: Buffer },
  now = Date.now(),
): Promise<UploadedImage> {
  const policy = uploadPolicies[image.purpose];
  const dir = deps.config.uploads.dir;
  const stored = await storeFile(Readable.from([image.bytes]), {
    dir,
    keyPrefix: memberKeyPrefix(image.purpose, image.userId),
    maxBytes: policy.maxBytes,
    accept: policy.accept,
    noun: policy.noun,
    isTruncated: () => false,
  });
  try {
    await insertUpload(deps.db, { ...stored, userId: image.userId, purpose: image.purpose, provider: 'local', createdAt: now, claimedAt: now });
  } catch (error) {
    await removeStoredFile(dir, stored.key);
    throw error;
  }
  return { key: stored.key, url: uploadUrl(deps.config, { key: stored.key, provider: 'local' }) };
}

/**
 * A document staff upload for a member (an issued invoice's PDF): its type read from its content,
 * stored under the member's prefix for the purpose and recorded as theirs, already claimed.
 */
export async function storeStaffDocument(
  deps: Pick<ServiceDeps, 'db' | 'config'>,
  document: { userId: number; purpose: UploadPurpose; stream: Readable; isTruncated: () => boolean },
  now = Date.now(),
): Promise<UploadedImage> {
  const policy = uploadPolicies[document.purpose];
  const dir = deps.config.uploads.dir;
  const stored = await storeFile(document.stream, {
    dir,
    keyPrefix: memberKeyPrefix(document.purpose, document.userId),
    maxBytes: policy.maxBytes,
    accept: policy.accept,
    noun: policy.noun,
    isTruncated: document.isTruncated,
  });
  try {
    await insertUpload(deps.db, { ...stored, userId: document.userId, purpose: document.purpose, provider: 'local', createdAt: now, claimedAt: now });
  } catch (error) {
    await removeStoredFile(dir, stored.key);
    throw error;
  }
  return { key: stored.key, url: uploadUrl(deps.config, { key: stored.key, provider: 'local' }) };
}
