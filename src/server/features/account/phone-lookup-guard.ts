import { accountErrors, graphCodeErrors, type SendMsgType } from '../../../contract/account.ts';
import { AppError } from '../../http/app-error.ts';
import { hashSid } from '../../http/session.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { checkGraphicCode } from './graphic-code/graphic-code.service.ts';

/**
 * checkHasUser and sendVerificationCode tell whether a phone is a member: each answer is a lookup.
 * A browser session gets a few free (a registration checks, then sends: two), then each needs a
 * graphic code; an address gets a hard hourly limit (`perIp`, the default of PHONE_LOOKUPS_PER_IP_HOUR),
 * since a new session costs one page load.
 */
export const lookupLimits = { windowSeconds: 3600, freePerSession: 10, perIp: 60 } as const;

const keys = {
  ip: (ip: string) => `lookup:ip:${ip}`,
  session: (sid: string) => `lookup:sid:${hashSid(sid)}`,
};

export interface PhoneLookup {
  sid: string;
  ip: string;
  phone: string;
  /** The graphic code's type: the SMS code's purpose (registration for checkHasUser). */
  purpose: SendMsgType;
  graphCode: string | undefined;
  now?: number;
}

/**
 * Spends one lookup before anything about the phone is answered. Every request counts, refused
 * or not, and each limit is one atomic consume, so concurrent lookups cannot pass it.
 */
export async function spendPhoneLookup(deps: Pick<ServiceDeps, 'db' | 'counters' | 'config'>, lookup: PhoneLookup): Promise<void> {
  const now = lookup.now ?? deps.counters.clock.now();
  const { windowSeconds } = lookupLimits;
  const address = await deps.counters.consume(keys.ip(lookup.ip), deps.config.sms.lookupsPerIpPerHour, windowSeconds, now);
  if (!address.isAllowed) throw new AppError(accountErrors.lookupTooFrequent);
  const session = await deps.counters.consume(keys.session(lookup.sid), lookupLimits.freePerSession, windowSeconds, now);
  if (session.isAllowed) return;
  if (lookup.graphCode === undefined) throw new AppError(graphCodeErrors.required);
  await checkGraphicCode(deps.db, { sid: lookup.sid, type: lookup.purpose, phone: lookup.phone, answer: lookup.graphCode, now });
}
