import { accountCalls } from '../../src/contract/account-calls.ts';

/**
 * Calls that end the caller's session by design. The battery sends them as members last,
 * after the checks that need members signed in; the fuzz reports any other call that replaces
 * or ends a member's session (add it here if it does so by design).
 */
export const sessionEndingPaths: ReadonlySet<string> = new Set([accountCalls.logout.path]);
