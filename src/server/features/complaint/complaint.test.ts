import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { complaintCalls } from '../../../contract/complaint-calls.ts';
import { complaintListPageSize } from '../../../contract/complaint.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { insertOrderCatalog } from '../order/testing/order-fixture.ts';
import { orderAtStage, uploadFeedbackPhoto } from './testing/complaint-fixture.ts';

const uploadDir = mkdtempSync(join(tmpdir(), 'complaints-'));
afterAll(() => rmSync(uploadDir, { recursive: true, force: true }));

const description = '收到的电阻阻值与订单不符，整盘都是10K。';
const dayMs = 86_400_000;

describe('member complaint calls', () => {
  const t = useTestApp({
    app: { env: { UPLOAD_DIR: uploadDir } },
    fixture: async (app) => ({ catalog: await insertOrderCatalog(app.db) }),
  });

  async function memberWithShippedOrder(lineCount = 1) {
    const member = await t.member();
    const order = await orderAtStage(t.db.kysely, t, t.fixture.catalog, member.userId, { stage: 'shipped', lineCount });
    return { ...member, order };
  }

  it.each([
    ['no type', { type: undefined }, '请选择问题类型'],
    ['an unknown type', { type: 'lost' }, '请选择问题类型'],
    ['no description', { description: undefined }, '请填写问题描述'],
    ['a blank description', { description: '     ' }, '请填写问题描述'],
    ['a description of 9 characters', { description: '一二三四五六七八九' }, '问题描述至少10个字'],
    ['a description of 501 characters', { description: '坏'.repeat(501) }, '问题描述不能超过500个字'],
    ['no line', { orderLineId: undefined }, '请选择要投诉的订单商品'],
    ['six photos', { photoKeys: ['a', 'b', 'c', 'd', 'e', 'f'] }, '最多上传5张图片'],
  ])('refuses a complaint with %s in Chinese, storing nothing', async (_name, change, msg) => {
    const { browser, order, userId } = await memberWithShippedOrder();
    const body = { orderLineId: order.lineIds[0], type: 'damaged', description, photoKeys: [], ...change };
    const answer = await browser.call(complaintCalls.create, body as never);
    expect(answer).toMatchObject({ code: 400, data: null, msg });
    expect(await t.db.kysely.selectFrom('complaints').select('id').where('userId', '=', userId).execute()).toEqual([]);
  });

  it('files a complaint with two of the member’s own photos: 待处理, numbered, photos in order and claimed', async () => {
    const { browser, order, userId } = await memberWithShippedOrder();
    const keys = [await uploadFeedbackPhoto(t, browser), await uploadFeedbackPhoto(t, browser)];
    const answer = await browser.call(complaintCalls.create, {
      orderLineId: order.lineIds[0] ?? 0,
      type: 'wrongPart',
      description: ` ${description} `,
      photoKeys: keys,
    });
    expect(answer).toMatchObject({ code: 1, msg: '投诉已提交，客服将尽快处理' });
    expect(answer.data).toMatchObject({
      orderNo: order.orderNo,
      orderLineId: order.lineIds[0],
      type: 'wrongPart',
      typeLabel: '发错型号',
      status: 'pending',
      statusLabel: '待处理',
      description,
      photoCount: 2,
      photos: keys.map((key) => ({ key, url: `/img/${key}` })),
      replies: [],
      isOpen: true,
    });
    expect(answer.data?.complaintNo).toMatch(/^TS\d{14}$/);
    const uploads = await t.db.kysely.selectFrom('uploads').select('claimedAt').where('userId', '=', userId).execute();
    expect(uploads.map((row) => row.claimedAt !== null)).toEqual([true, true]);
  });

  it('refuses another member’s photo and an avatar upload, filing nothing', async () => {
    const { browser, order, userId } = await memberWithShippedOrder();
    const other = await t.member();
    const othersKey = await uploadFeedbackPhoto(t, other.browser);
    const avatarKey = await uploadFeedbackPhoto(t, browser, 'avatar');
    for (const key of [othersKey, avatarKey]) {
      const answer = await browser.call(complaintCalls.create, { orderLineId: order.lineIds[0] ?? 0, type: 'damaged', description, photoKeys: [key] });
      expect(answer).toMatchObject({ code: 400, errorCode: 'upload.notOwned', msg: '图片不存在或已失效，请重新上传' });
    }
    expect(await t.db.kysely.selectFrom('complaints').select('id').where('userId', '=', userId).execute()).toEqual([]);
  });

  it('treats another member’s line and complaint as not found', async () => {
    const owner = await memberWithShippedOrder();
    const stranger = await t.member();
    const onOthersLine = await stranger.browser.call(complaintCalls.create, { orderLineId: owner.order.lineIds[0] ?? 0, type: 'damaged', description });
    expect(onOthersLine).toMatchObject({ code: 404, errorCode: 'complaint.lineNotFound', msg: '订单商品不存在' });
    const filed = await owner.browser.callOk(complaintCalls.create, { orderLineId: owner.order.lineIds[0] ?? 0, type: 'damaged', description });
    for (const answer of [
      await stranger.browser.call(complaintCalls.detail, { id: filed.id }),
      await stranger.browser.call(complaintCalls.reply, { id: filed.id, text: '我来补充一下' }),
      await stranger.browser.call(complaintCalls.close, { id: filed.id }),
    ]) {
      expect(answer).toMatchObject({ code: 404, errorCode: 'complaint.notFound', msg: '投诉不存在' });
    }
    expect((await stranger.browser.callOk(complaintCalls.list, {})).total).toBe(0);
    expect((await owner.browser.callOk(complaintCalls.detail, { id: filed.id })).status).toBe('pending');
  });

  it('takes complaints on shipped orders and for 30 days after completion, not before shipping or after the window', async () => {
    const { browser, userId } = await t.member();
    const k = t.db.kysely;
    const catalog = t.fixture.catalog;
    const unshipped = await orderAtStage(k, t, catalog, userId, { stage: 'unshipped' });
    const recent = await orderAtStage(k, t, catalog, userId, { stage: 'completed', completedAt: Date.now() - 29 * dayMs });
    const old = await orderAtStage(k, t, catalog, userId, { stage: 'completed', completedAt: Date.now() - 31 * dayMs });
    const create = (orderLineId: number | undefined) => browser.call(complaintCalls.create, { orderLineId: orderLineId ?? 0, type: 'quality', description });
    const notEligible = { code: 409, errorCode: 'complaint.lineNotEligible' };
    expect(await create(unshipped.lineIds[0])).toMatchObject(notEligible);
    expect(await create(old.lineIds[0])).toMatchObject(notEligible);
    expect(await create(recent.lineIds[0])).toMatchObject({ code: 1, data: { status: 'pending' } });
  });

  it('keeps one open complaint per line: a second is refused until the first is withdrawn', async () => {
    const { browser, order } = await memberWithShippedOrder(2);
    const [first, second] = order.lineIds as [number, number];
    const filed = await browser.callOk(complaintCalls.create, { orderLineId: first, type: 'quantity', description });
    expect(await browser.call(complaintCalls.create, { orderLineId: first, type: 'other', description })).toMatchObject({
      code: 409,
      errorCode: 'complaint.alreadyOpen',
      msg: '该商品已有处理中的投诉，请在原投诉中补充说明',
    });
    expect(await browser.call(complaintCalls.create, { orderLineId: second, type: 'other', description })).toMatchObject({ code: 1 });
    expect(await browser.call(complaintCalls.close, { id: filed.id })).toMatchObject({
      code: 1,
      msg: '投诉已撤销',
      data: { status: 'closed', statusLabel: '已关闭', isOpen: false },
    });
    expect(await browser.call(complaintCalls.create, { orderLineId: first, type: 'other', description })).toMatchObject({ code: 1 });
  });

  it('makes one complaint of eight concurrent submissions for one line', async () => {
    const { browser, order, userId } = await memberWithShippedOrder();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => browser.call(complaintCalls.create, { orderLineId: order.lineIds[0] ?? 0, type: 'damaged', description })),
    );
    expect(answers.filter((answer) => answer.code === 1)).toHaveLength(1);
    expect(answers.filter((answer) => answer.errorCode === 'complaint.alreadyOpen')).toHaveLength(7);
    const rows = await t.db.kysely.selectFrom('complaints').select('status').where('userId', '=', userId).execute();
    expect(rows).toEqual([{ status: 'pending' }]);
  });

  it('lets the member add information while open, and neither add nor withdraw once closed', async () => {
    const { browser, order } = await memberWithShippedOrder();
    const filed = await browser.callOk(complaintCalls.create, { orderLineId: order.lineIds[0] ?? 0, type: 'damaged', description });
    expect(await browser.call(complaintCalls.reply, { id: filed.id, text: '   ' })).toMatchObject({ code: 400, msg: '请填写补充说明' });
    expect(await browser.call(complaintCalls.reply, { id: filed.id, text: '多'.repeat(501) })).toMatchObject({ code: 400, msg: '补充说明不能超过500个字' });
    const replied = await browser.call(complaintCalls.reply, { id: filed.id, text: ' 外箱也有压痕。 ' });
    expect(replied).toMatchObject({ code: 1, msg: '补充说明已提交' });
    expect(replied.data?.replies).toEqual([expect.objectContaining({ author: 'member', staffName: '', text: '外箱也有压痕。' })]);
    await browser.callOk(complaintCalls.close, { id: filed.id });
    const notOpen = { code: 409, errorCode: 'complaint.notOpen', msg: '投诉已结束，不能再补充或撤销' };
    expect(await browser.call(complaintCalls.reply, { id: filed.id, text: '再补充' })).toMatchObject(notOpen);
    // The withdrawal is refused by the lifecycle, naming the state (撤销 from 已关闭).
    expect(await browser.call(complaintCalls.close, { id: filed.id })).toMatchObject({ ...notOpen, msg: '投诉已关闭，不能撤销' });
  });

  it('lists the member’s complaints newest first with counts per status, a status filter and pages', async () => {
    const lineCount = complaintListPageSize + 2;
    const { browser, order } = await memberWithShippedOrder(lineCount);
    const ids: number[] = [];
    for (const lineId of order.lineIds) ids.push((await browser.callOk(complaintCalls.create, { orderLineId: lineId, type: 'quality', description })).id);
    await browser.callOk(complaintCalls.close, { id: ids[0] ?? 0 });
    const first = await browser.callOk(complaintCalls.list, {});
    expect(first).toMatchObject({
      status: null,
      page: 1,
      pageSize: complaintListPageSize,
      total: lineCount,
      counts: { pending: lineCount - 1, processing: 0, resolved: 0, closed: 1 },
    });
    expect(first.complaints.map((complaint) => complaint.id)).toEqual([...ids].reverse().slice(0, complaintListPageSize));
    expect(first.complaints[0]).toMatchObject({
      orderNo: order.orderNo,
      photoCount: 0,
      statusLabel: '待处理',
    });
    expect(first.complaints[0]?.productCode).toMatch(/^ORD-PART-/);
    const second = await browser.callOk(complaintCalls.list, { page: 2 });
    expect(second.complaints.map((complaint) => complaint.id)).toEqual([ids[1], ids[0]]);
    const closed = await browser.callOk(complaintCalls.list, { status: 'closed' });
    expect(closed).toMatchObject({ status: 'closed', total: 1, complaints: [{ id: ids[0], statusLabel: '已关闭' }] });
    expect((await browser.callOk(complaintCalls.list, { page: 99 })).page).toBe(2);
    expect(await browser.call(complaintCalls.list, { status: 'lost' })).toMatchObject({ code: 400, msg: '投诉状态有误' });
  });

  it('asks visitors to log in', async () => {
    expect(await t.browser().call(complaintCalls.list, {})).toMatchObject({ code: 401 });
  });
});
