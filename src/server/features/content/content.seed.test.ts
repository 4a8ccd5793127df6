import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../testing/factories.ts';
import { createTestDb, type TestDb } from '../../testing/test-db.ts';
import { demoMemberPhone, seedContent } from './content.seed.ts';

describe('content seed', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(async () => {
    await db.drop();
  });

  it('gives the demo member HTML and plain messages of every kind and an enabled sales rep', async () => {
    const { userId } = await createMember(db.kysely, { phone: demoMemberPhone, userNumber: 'U2606110001', nickName: '演示用户' });
    await seedContent(db);

    const messages = await db.kysely.selectFrom('messages').select(['messageType', 'msgContent', 'isRead']).where('userId', '=', userId).execute();
    expect(new Set(messages.map((message) => message.messageType))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(messages.filter((message) => message.messageType === 1 || message.messageType === 5).every((message) => message.msgContent.startsWith('<p>'))).toBe(
      true,
    );
    expect(messages.some((message) => message.isRead === 0)).toBe(true);
    expect(messages.some((message) => message.isRead === 1)).toBe(true);

    const assignment = await db.kysely.selectFrom('userServiceReps').select('enableFlag').where('userId', '=', userId).executeTakeFirst();
    expect(assignment?.enableFlag).toBe(1);
    const keywords = await db.kysely.selectFrom('hotLabels').select('keyword').orderBy('sort').execute();
    expect(keywords.map((row) => row.keyword)).toEqual(['STM32F103C8T6', 'ESP32', 'TL431', '0603 10K', 'AMS1117', 'CH340', 'LM358', '贴片电容']);
    const positions = await db.kysely.selectFrom('ads').select('position').where('isOpen', '=', 1).execute();
    expect(positions.map((row) => row.position).sort()).toEqual(['popup', 'sidebar', 'top']);
  });
});
