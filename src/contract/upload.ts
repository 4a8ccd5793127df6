import { ResultCode } from './envelope.ts';
import { defineErrors } from './errors.ts';
import { isImageFileName } from './rules.ts';

/**
 * Uploads go straight from the browser to storage with a token the store hands out
 * (/common/api/getQiniuToken): Qiniu when it is configured, else the store's own POST /common/upload.
 * A token's purpose fixes everything the upload may be: the key prefix, the types and the size.
 */
/** What members upload (their token names one). */
export const memberUploadPurposes = ['feedback', 'avatar', 'supplierDocument'] as const;
/** And what staff upload for a member: an issued invoice's PDF (the console's 开票). */
export const uploadPurposes = [...memberUploadPurposes, 'invoice'] as const;
export type MemberUploadPurpose = (typeof memberUploadPurposes)[number];
export type UploadPurpose = (typeof uploadPurposes)[number];

export function isUploadPurpose(value: string): value is UploadPurpose {
  return (uploadPurposes as readonly string[]).includes(value);
}

/** Spec §5 image types, as the content (not the name) says: the extension a stored file gets for each. */
export const imageMimeExtensions = {
  'image/bmp': 'bmp',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
} as const;
export type ImageMime = keyof typeof imageMimeExtensions;
export type ImageExtension = (typeof imageMimeExtensions)[ImageMime];

export const imageMimes: readonly ImageMime[] = ['image/bmp', 'image/jpeg', 'image/png', 'image/webp'];

/** Every type an upload may be, by content: the images, and PDF for documents (a supplier's licence). */
export const uploadMimeExtensions = { ...imageMimeExtensions, 'application/pdf': 'pdf' } as const;
export type UploadMime = keyof typeof uploadMimeExtensions;
export type UploadExtension = (typeof uploadMimeExtensions)[UploadMime];
export const uploadExtensions: readonly UploadExtension[] = ['bmp', 'jpg', 'png', 'webp', 'pdf'];

/** The extension of a file name, lower case ('' when none). */
function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

const megabyte = 1024 * 1024;

export interface UploadPolicy {
  /** Every key of the purpose starts with it; a member's keys continue with `<userId>/`. */
  readonly keyPrefix: string;
  readonly maxBytes: number;
  readonly accept: readonly UploadMime[];
  /** What the messages call one upload: 图片, or 文件 when documents are taken too. */
  readonly noun: '图片' | '文件';
}

export const uploadPolicies: Record<UploadPurpose, UploadPolicy> = {
  /** After-sales photos. */
  feedback: { keyPrefix: 'feedback/', maxBytes: 5 * megabyte, accept: imageMimes, noun: '图片' },
  avatar: { keyPrefix: 'avatar/', maxBytes: 2 * megabyte, accept: imageMimes, noun: '图片' },
  /** A supplier's business licence and agency or distribution certificates (issue 13): scans or PDF. */
  supplierDocument: { keyPrefix: 'supplier/', maxBytes: 10 * megabyte, accept: [...imageMimes, 'application/pdf'], noun: '文件' },
  /** An electronic invoice staff issued (PDF only), under the member's prefix. */
  invoice: { keyPrefix: 'invoice/', maxBytes: 10 * megabyte, accept: ['application/pdf'], noun: '文件' },
};

/** The largest file any purpose takes: the multipart parser's own hard limit. */
export const largestUploadBytes = Math.max(...Object.values(uploadPolicies).map((policy) => policy.maxBytes));

/** The prefix of one member's keys for a purpose: `feedback/12/`. */
export function memberKeyPrefix(purpose: UploadPurpose, userId: number): string {
  return `${uploadPolicies[purpose].keyPrefix}${userId}/`;
}

/** The store's upload endpoint (multipart: the token, then the file) and where the token may travel instead. */
export const localUploadPath = '/common/upload';
export const uploadTokenHeader = 'x-upload-token';
export const uploadTokenField = 'token';
export const uploadFileField = 'file';

/** What a token lasts: long enough for a few photos on a slow line. */
export const uploadTokenTtlMs = 10 * 60 * 1000;

function sizeText(bytes: number): string {
  return bytes % megabyte === 0 ? `${bytes / megabyte}MB` : `${Math.round(bytes / 1024)}KB`;
}

/** 'bmp、jpg、png、webp' (and 'pdf' when documents are taken). */
function typeNames(accept: readonly UploadMime[]): string {
  return accept.map((mime) => uploadMimeExtensions[mime]).join('、');
}

export const uploadMessages = {
  badType: '图片格式仅支持 bmp、jpg、png、webp',
  /** The purpose's own words for a refused type: the images' badType, or one naming PDF too. */
  badTypeOf: (policy: Pick<UploadPolicy, 'accept' | 'noun'>) => `${policy.noun}格式仅支持 ${typeNames(policy.accept)}`,
  tooLarge: (maxBytes: number, noun: UploadPolicy['noun'] = '图片') => `${noun}不能超过 ${sizeText(maxBytes)}`,
  tooMany: (maxFiles: number, noun: UploadPolicy['noun'] = '图片') => `最多上传 ${maxFiles} ${noun === '图片' ? '张图片' : '个文件'}`,
  hint: (policy: UploadPolicy, maxFiles: number) =>
    `支持 ${typeNames(policy.accept)} 格式，单${policy.noun === '图片' ? '张' : '个'}不超过 ${sizeText(policy.maxBytes)}，最多 ${maxFiles} ${policy.noun === '图片' ? '张' : '个'}`,
  failed: '图片上传失败，请重试',
  purposeInvalid: '上传用途有误',
  keysInvalid: '图片地址有误',
} as const;

export const uploadErrors = defineErrors('upload', {
  badType: { code: ResultCode.badRequest, msg: uploadMessages.badType },
  /** The msg names the purpose's limit (uploadMessages.tooLarge). */
  tooLarge: { code: ResultCode.badRequest, msg: uploadMessages.tooLarge(largestUploadBytes) },
  tokenExpired: { code: ResultCode.badRequest, msg: '上传凭证已过期，请重新上传' },
  tokenInvalid: { code: ResultCode.forbidden, msg: '上传凭证无效，请重新上传' },
  tokenMissing: { code: ResultCode.badRequest, msg: '缺少上传凭证，请重新上传' },
  fileMissing: { code: ResultCode.badRequest, msg: '请选择要上传的图片' },
  formInvalid: { code: ResultCode.badRequest, msg: '上传内容有误，请重新选择图片' },
  tooFrequent: { code: ResultCode.tooManyRequests, msg: '上传过于频繁，请稍后再试' },
  /** A key that is not the member's own upload for this purpose (claimUploads). */
  notOwned: { code: ResultCode.badRequest, msg: '图片不存在或已失效，请重新上传' },
});

export interface UploadToken {
  provider: 'qiniu' | 'local';
  /** Where the browser posts the multipart form. */
  uploadUrl: string;
  token: string;
  /** Every key this token can create starts with it. */
  keyPrefix: string;
  /** Epoch ms. */
  expiresAt: number;
  maxBytes: number;
  accept: readonly UploadMime[];
  /** An uploaded key's address is urlPrefix + key. */
  urlPrefix: string;
}

export interface UploadedImage {
  key: string;
  url: string;
}

/** What the browser knows of a chosen file before sending it. */
export interface ChosenFile {
  name: string;
  /** The MIME type the browser guessed (from the name); '' when it could not. */
  type: string;
  size: number;
}

/** The pre-check of a chosen file, in the server's words; the server decides again by content. */
export function chosenFileProblem(file: ChosenFile, policy: UploadPolicy): string | null {
  const type = file.type.toLowerCase();
  const isDocument = policy.accept.includes('application/pdf');
  const isNamedAccepted = isImageFileName(file.name) || (isDocument && extensionOf(file.name) === 'pdf');
  const isAccepted = type ? policy.accept.some((mime) => mime === type) : isNamedAccepted;
  if (!isAccepted) return isDocument ? uploadMessages.badTypeOf(policy) : uploadMessages.badType;
  if (file.size > policy.maxBytes) return uploadMessages.tooLarge(policy.maxBytes, policy.noun);
  return null;
}
