import { generate, generateSecret, generateURI, verify } from 'otplib';

/** The console's TOTP (RFC 6238 with the authenticator apps' defaults: SHA-1, 6 digits, 30 s), by otplib. */
export const totpIssuer = '芯品商城管理后台';

export function newTotpSecret(): string {
  return generateSecret();
}

export function totpUri(secret: string, login: string): string {
  return generateURI({ issuer: totpIssuer, label: login, secret });
}

/** The code an authenticator shows at `epochSeconds` (tests and the e2e journey play the app with it). */
export function totpCodeAt(secret: string, epochSeconds: number): Promise<string> {
  return generate({ secret, epoch: epochSeconds });
}

/**
 * The time step a code belongs to when it is valid now (one step of clock drift either way),
 * and later than `afterStep`; null otherwise.
 */
export async function matchTotpStep(secret: string, code: string, afterStep: number | null, epochSeconds: number): Promise<number | null> {
  const result = await verify({ secret, token: code, epoch: epochSeconds, epochTolerance: 30, ...(afterStep === null ? {} : { afterTimeStep: afterStep }) });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
