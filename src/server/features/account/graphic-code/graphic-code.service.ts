import svgCaptcha from 'svg-captcha';
import type { Kysely } from 'kysely';
import { graphCodeErrors, graphCodeLength } from '../../../../contract/account.ts';
import type { Database } from '../../../db/database.ts';
import { AppError } from '../../../http/app-error.ts';
import { hashSid } from '../../../http/session.ts';
import { findGraphicCode, saveGraphicCode, takeGraphicCode } from './graphic-code.repository.ts';

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
export async function issueGraphicCode(db: Kysely<Database>, request: GraphicCodeRequest): Promise<string> {
  const now = request.now ?? Date.now();
  // svg-captcha types its options as a class; what it reads is a plain object.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment
  const captcha = svgCaptcha.create({ size: graphCodeLength, ignoreChars: ignoredCharacters, noise: 2, color: false, width: 120, height: 40, fontSize: 44 });
  await saveGraphicCode(
    db,
    {
      sidHash: hashSid(request.sid),
      type: request.type,
      phone: request.phone === '' ? null : (request.phone ?? null),
      answer: captcha.text,
      expiresAt: now + graphicCodeTtlMs,
    },
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

/**
 * Checks and spends the session's graphic code (case-insensitive): a wrong answer needs a new
 * image. Taking it is one delete … returning, so of concurrent checks only one sees the code.
 */
export async function checkGraphicCode(db: Kysely<Database>, given: GraphicCodeAnswer): Promise<void> {
  const now = given.now ?? Date.now();
  const row = await takeGraphicCode(db, hashSid(given.sid));
  if (!row || row.expiresAt <= now || row.type !== given.type) throw new AppError(graphCodeErrors.expired);
  if (row.phone !== null && row.phone !== given.phone) throw new AppError(graphCodeErrors.expired);
  if (row.answer.toLowerCase() !== given.answer.trim().toLowerCase()) throw new AppError(graphCodeErrors.wrong);
}

/** Development and e2e only (GET /dev/graphic-code): the answer of the session's graphic code, since a test cannot read the image. */
export async function findGraphicCodeAnswer(db: Kysely<Database>, sid: string): Promise<string | null> {
  const row = await findGraphicCode(db, hashSid(sid));
  return row?.answer ?? null;
}
