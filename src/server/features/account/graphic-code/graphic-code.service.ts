import svgCaptcha from 'svg-captcha';
import { graphCodeLength } from '../../../../contract/account.ts';
import type { ServiceDeps } from '../../../service-deps.ts';
import { badRequest } from '../../../http/app-error.ts';
import { hashSid } from '../../../http/session.ts';
import { takeGraphicCode, saveGraphicCode } from './graphic-code.repository.ts';

const graphicCodeTtlMs = 5 * 60_000;

/** Letters and digits that cannot be told apart in a distorted image are left out. */
const ignoredCharacters = '0oO1iIlL';

export interface GraphicCodeRequest {
  sid: string;
  type: number;
  phone?: string | undefined;
  now?: number;
}

/** A fresh graphic code bound to the browser session; the answer stays on the server. */
export async function issueGraphicCode(deps: ServiceDeps, request: GraphicCodeRequest): Promise<string> {
  const now = request.now ?? Date.now();
  const captcha = svgCaptcha.create({ size: graphCodeLength, ignoreChars: ignoredCharacters, noise: 2, color: false, width: 120, height: 40, fontSize: 44 });
  await saveGraphicCode(
    deps.db,
    { sidHash: hashSid(request.sid), type: request.type, phone: request.phone || null, answer: captcha.text, expiresAt: now + graphicCodeTtlMs },
    now,
  );
  return `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}`;
}

export interface GraphicCodeAnswer {
  sid: string;
  type: number;
  phone: string;
  answer: string;
  now?: number;
}

/** Checks and spends the session's graphic code (case-insensitive): a wrong answer needs a new image. */
export async function checkGraphicCode(deps: ServiceDeps, given: GraphicCodeAnswer): Promise<void> {
  const now = given.now ?? Date.now();
  const row = await takeGraphicCode(deps.db, hashSid(given.sid));
  if (!row || row.expiresAt <= now || row.type !== given.type) throw badRequest('图形验证码已失效，请点击图片刷新');
  if (row.phone !== null && row.phone !== given.phone) throw badRequest('图形验证码已失效，请点击图片刷新');
  if (row.answer.toLowerCase() !== given.answer.trim().toLowerCase()) throw badRequest('图形验证码错误');
}
