import { accountCalls } from '../src/contract/account-calls.ts';
import { csrfCookieName } from '../src/contract/envelope.ts';
import { sessionCookieName } from '../src/server/http/session.ts';
import { BatteryClient } from './lib/client.ts';
import { isSignedIn, signInMembers } from './lib/members.ts';
import { httpTransport } from './lib/transport.ts';

/** The README's demo member, seeded into every new store. */
const demoMember = { userAccount: '13800138000', password: 'demo1234' };

export interface SignedInMember {
  phone: string;
  signedInBy: string;
  cookies: { name: string; value: string }[];
}

function cookiesOf(client: BatteryClient): { name: string; value: string }[] {
  return [sessionCookieName, csrfCookieName].map((name) => ({ name, value: client.cookie(name) ?? '' }));
}

/**
 * A member for the member pages: a new one through the SMS outbox, or else the demo member
 * (a second run within the hour meets the SMS limit; after sqlmap the login limit may refuse too).
 */
export async function signInMember(baseUrl: string): Promise<SignedInMember> {
  const transport = httpTransport(baseUrl);
  let registrationProblem = '';
  try {
    const [member] = await signInMembers(transport, 1);
    if (member) return { phone: member.phone, signedInBy: member.signedInBy, cookies: cookiesOf(member.client) };
  } catch (error) {
    registrationProblem = String(error);
  }
  const client = new BatteryClient(transport, 'demo member');
  const answer = await client.postJson(accountCalls.doLogin.path, { loginType: 'password', ...demoMember });
  if (answer.code !== 1 || !(await isSignedIn(client)))
    throw new Error(`no member for the member pages: ${registrationProblem}; the demo member's login answered ${answer.code} ${answer.msg}`);
  return { phone: demoMember.userAccount, signedInBy: 'demo login', cookies: cookiesOf(client) };
}
