import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { SendMsgType } from '../../src/contract/account.ts';
import { accountCalls } from '../../src/contract/account-calls.ts';
import { cartCalls } from '../../src/contract/cart-calls.ts';
import type { Database } from '../../src/server/db/database.ts';
import { hashSid } from '../../src/server/http/session.ts';
import { createMember, startMemberSession } from '../../src/server/testing/factories.ts';
import { BatteryClient } from './client.ts';
import type { Transport } from './transport.ts';

/** A member of the run, signed in in a client of its own. */
export interface BatteryMember {
  client: BatteryClient;
  phone: string;
  /** How it came to be signed in: through the store's calls, or a stored session (the test kit's way). */
  signedInBy: 'registration' | 'stored session';
}

function randomPhone(): string {
  return `146${String(randomInt(100_000_000)).padStart(8, '0')}`;
}

/** A new member through the real calls: an SMS code, read back from the development outbox, and messageRegister. */
async function registerThroughCalls(client: BatteryClient, phone: string): Promise<string | null> {
  const sent = await client.postJson(accountCalls.sendVerificationCode.path, { userAccount: phone, sendMsgType: SendMsgType.register });
  if (sent.code !== 1) return `sendVerificationCode answered ${sent.code} ${sent.msg}`;
  const outbox = await client.get(`/dev/sms-outbox?phone=${phone}`);
  if (outbox.status !== 200) return `GET /dev/sms-outbox answered HTTP ${outbox.status} (start the store with SMS_OUTBOX_ENABLED=true)`;
  const messages = JSON.parse(outbox.body) as { code: string }[];
  const smsCode = messages.at(-1)?.code;
  if (!smsCode) return 'no SMS code in the outbox';
  const registered = await client.postJson(accountCalls.messageRegister.path, { phone, smsCode, password: `Bt${randomInt(1e9)}` });
  return registered.code === 1 ? null : `messageRegister answered ${registered.code} ${registered.msg}`;
}

/** Stores a session for the client's sid, as the test kit's signIn does (once: concurrent restores of one member meet here). */
export async function storeSession(db: Kysely<Database>, client: BatteryClient, phone: string): Promise<void> {
  await client.ensureSession();
  const user = await db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow();
  const sid = client.sid;
  if (!sid) throw new Error(`${client.label}: no sid`);
  const stored = () => db.selectFrom('sessions').select('id').where('id', '=', hashSid(sid)).executeTakeFirst();
  if (await stored()) return;
  try {
    await startMemberSession(db, sid, user.id);
  } catch (error) {
    if (!(await stored())) throw error;
  }
}

/** Whether the client's session is a member's: a member-only call succeeds. */
export async function isSignedIn(client: BatteryClient): Promise<boolean> {
  const answer = await client.postJson(cartCalls.queryList.path, {});
  return answer.code === 1;
}

/**
 * Members for a run: registered through the store's calls when its SMS outbox is readable,
 * otherwise (or when the store's limits refuse, e.g. a second run within the hour) created in
 * the database with a stored session, when the database is given.
 */
export async function signInMembers(transport: Transport, count: number, options: { db?: Kysely<Database>; addressOf?: (i: number) => string } = {}) {
  const members: BatteryMember[] = [];
  for (let i = 0; i < count; i++) {
    const client = new BatteryClient(transport, `member ${i + 1}`, options.addressOf?.(i));
    const phone = randomPhone();
    const refusal = await registerThroughCalls(client, phone);
    let signedInBy: BatteryMember['signedInBy'] = 'registration';
    if (refusal) {
      if (!options.db) throw new Error(`${client.label} could not register (${refusal}); give --database-url to create members directly`);
      await createMember(options.db, { phone, userNumber: `T${String(randomInt(1e10)).padStart(10, '0')}` });
      await storeSession(options.db, client, phone);
      signedInBy = 'stored session';
    }
    if (!(await isSignedIn(client))) throw new Error(`${client.label} is not signed in after ${signedInBy}`);
    members.push({ client, phone, signedInBy });
  }
  return members;
}
