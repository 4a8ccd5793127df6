import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { memberCalls } from '../../../contract/member-calls.ts';
import { memberErrors, memberLevelOf, type MemberOverview } from '../../../contract/member.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { bmpImage, paletteBmpImage, pngImage } from '../upload/testing/upload-test-kit.ts';
import { pixelAt, threeBandPng, uploadAvatarFile } from './member.test-helpers.ts';

const uploadDir = mkdtempSync(join(tmpdir(), 'member-avatar-'));
afterAll(() => rmSync(uploadDir, { recursive: true, force: true }));

describe('member overview and profile', () => {
  const t = useTestApp({ app: { env: { UPLOAD_DIR: uploadDir } } });

  it.each(['/user/person?tab=1', '/user/profile', '/user/security'])('sends visitors from %s to login with the return path', async (path) => {
    const page = await t.browser().get(path);
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe(`/account/login?return=${encodeURIComponent(path)}`);
  });

  it('shows the overview: name, user number, masked phone, level, counts, no sales rep by default', async () => {
    const member = await t.member({ nickName: '小芯' });
    const page = await member.browser.get('/user/person');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>会员中心 - 芯品商城</title>');
    expect(page.body).not.toContain(member.phone);
    const { overview } = pageStateOf<{ overview: MemberOverview }>(page.body).data;
    expect(overview).toMatchObject({
      nickName: '小芯',
      userNumber: member.userNumber,
      maskedPhone: `${member.phone.slice(0, 3)}****${member.phone.slice(7)}`,
      avatarUrl: '',
      level: { name: '普通会员', next: { name: '银牌会员', missingCents: 100_000 } },
      counts: { orders: { unpaid: 0, unshipped: 0, shipped: 0, completed: 0, cancelled: 0 }, favorites: 0, unreadMessages: 0 },
      salesRep: null,
      hasPassword: false,
    });
    // The home page with ?inviter= (spec §4), absolute: it is copied and shared outside the store.
    expect(overview.inviteUrl).toMatch(new RegExp(`^http://[^/]+/\\?inviter=${member.userNumber}$`));
    expect(page.body).toContain('data-testid="invite-card"');
    expect(pageStateOf(page.body).shell.user).toMatchObject({ isLogin: true, nickName: '小芯' });
  });

  it('shows the dedicated sales rep only while the service is enabled', async () => {
    const member = await t.member();
    const rep = await t.db.kysely
      .insertInto('serviceReps')
      .values({ operatorName: '王销售', operatorMobile: '13900001111' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.kysely.insertInto('userServiceReps').values({ userId: member.userId, repId: rep.id, enableFlag: 0 }).execute();
    const off = pageStateOf<{ overview: MemberOverview }>((await member.browser.get('/user/person')).body).data.overview;
    expect(off.salesRep).toBeNull();
    await t.db.kysely.updateTable('userServiceReps').set({ enableFlag: 1 }).where('userId', '=', member.userId).execute();
    const page = await member.browser.get('/user/person');
    expect(pageStateOf<{ overview: MemberOverview }>(page.body).data.overview.salesRep).toMatchObject({
      operatorName: '王销售',
      operatorMobile: '13900001111',
    });
    expect(page.body).toContain('专属销售代表');
  });

  it('grades members by what their paid orders came to', () => {
    expect(memberLevelOf(0).name).toBe('普通会员');
    expect(memberLevelOf(99_999)).toEqual({ name: '普通会员', next: { name: '银牌会员', missingCents: 1 } });
    expect(memberLevelOf(100_000).name).toBe('银牌会员');
    expect(memberLevelOf(1_000_000).name).toBe('金牌会员');
    expect(memberLevelOf(10_000_000)).toEqual({ name: '钻石会员', next: null });
  });

  it('saves the profile and shows it on /user/profile', async () => {
    const member = await t.member();
    const saved = await member.browser.call(memberCalls.saveProfile, {
      nickName: '  新 昵称 ',
      company: '深圳芯品',
      job: '采购经理',
      email: 'buyer@example.com',
    });
    expect(saved).toMatchObject({
      code: 1,
      msg: '个人资料已保存',
      data: { nickName: '新 昵称', company: '深圳芯品', job: '采购经理', email: 'buyer@example.com' },
    });
    expect(await member.browser.callOk(memberCalls.profile, {})).toMatchObject({
      nickName: '新 昵称',
      email: 'buyer@example.com',
      userNumber: member.userNumber,
    });
    const page = await member.browser.get('/user/profile');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('深圳芯品');
    // Fields left empty are cleared.
    expect(await member.browser.callOk(memberCalls.saveProfile, { nickName: '新昵称' })).toMatchObject({ company: '', job: '', email: '' });
  });

  it.each([
    [{ nickName: '' }, '请输入昵称'],
    [{ nickName: '一'.repeat(21) }, '昵称不能超过20个字'],
    [{ nickName: '小芯', email: '@example.com' }, '请输入正确的邮箱地址'],
    [{ nickName: '小芯', email: 'a@b.c' }, '请输入正确的邮箱地址'],
    [{ nickName: '小芯', company: '公'.repeat(51) }, '公司名称不能超过50个字'],
    [{ nickName: '小芯', job: '职'.repeat(31) }, '职位不能超过30个字'],
  ])('refuses a profile %j: %s', async (body, msg) => {
    const member = await t.member();
    expect(await member.browser.post(memberCalls.saveProfile.path, body)).toMatchObject({ code: 400, msg, errorCode: 'request.invalid' });
  });

  it('answers visitors 401 on every member call', async () => {
    expect(await t.browser().post(memberCalls.profile.path, {})).toMatchObject({ code: 401 });
    expect(await t.browser().post(memberCalls.setAvatar.path, { key: 'x' })).toMatchObject({ code: 401 });
  });

  it('cuts an uploaded picture to a centred 200×200 square and makes it the avatar', async () => {
    const member = await t.member();
    const key = await uploadAvatarFile(t, member.browser, await threeBandPng());
    const answer = await member.browser.call(memberCalls.setAvatar, { key });
    expect(answer).toMatchObject({ code: 1, msg: '头像已更新' });
    const avatarUrl = answer.data?.avatarUrl ?? '';
    expect(avatarUrl).toMatch(new RegExp(`^/img/avatar/${member.userId}/[0-9a-f]{32}\\.webp$`));
    const image = (await member.browser.get(avatarUrl)).rawPayload;
    expect(await sharp(image).metadata()).toMatchObject({ format: 'webp', width: 200, height: 200 });
    for (const [x, y] of [
      [2, 2],
      [100, 100],
      [197, 197],
    ] as const) {
      const [red, green, blue] = await pixelAt(image, x, y);
      expect(green).toBeGreaterThan(200);
      expect(red + blue).toBeLessThan(60);
    }
    const row = await t.db.kysely.selectFrom('users').select('userImgPath').where('id', '=', member.userId).executeTakeFirstOrThrow();
    expect(avatarUrl).toBe(`/img/${row.userImgPath ?? ''}`);
    const overview = pageStateOf<{ overview: MemberOverview }>((await member.browser.get('/user/person')).body).data.overview;
    expect(overview.avatarUrl).toBe(avatarUrl);
  });

  it.each([
    ['24-bit', bmpImage],
    ['8-bit palette', paletteBmpImage],
  ])('takes a %s BMP avatar (spec §5 image types) too', async (_kind, makeBmp) => {
    const member = await t.member();
    const key = await uploadAvatarFile(t, member.browser, makeBmp(), 'me.bmp');
    const profile = await member.browser.callOk(memberCalls.setAvatar, { key });
    const image = (await member.browser.get(profile.avatarUrl)).rawPayload;
    expect(await sharp(image).metadata()).toMatchObject({ format: 'webp', width: 200, height: 200 });
    const [red, green, blue] = await pixelAt(image, 100, 100);
    expect(red).toBeGreaterThan(180);
    expect(green + blue).toBeLessThan(140);
  });

  it("refuses another member's upload, an unknown key, and a stored file that is not an image", async () => {
    const owner = await t.member();
    const other = await t.member();
    const key = await uploadAvatarFile(t, owner.browser, pngImage(4, 4));
    expect(await other.browser.call(memberCalls.setAvatar, { key })).toMatchObject({
      code: 400,
      msg: memberErrors.avatarNotOwned.msg,
      errorCode: 'member.avatarNotOwned',
    });
    expect(await owner.browser.call(memberCalls.setAvatar, { key: `avatar/${owner.userId}/${'0'.repeat(32)}.png` })).toMatchObject({
      errorCode: 'member.avatarNotOwned',
    });
    expect(await owner.browser.call(memberCalls.setAvatar, { key: '../../etc/passwd' })).toMatchObject({ errorCode: 'member.avatarNotOwned' });
    // The stored file changed behind the store's back: the content decides, not the name.
    writeFileSync(join(uploadDir, key), Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect(await owner.browser.call(memberCalls.setAvatar, { key })).toMatchObject({
      code: 400,
      msg: '头像仅支持 bmp、jpg、png、webp 格式的图片',
      errorCode: 'member.avatarNotImage',
    });
    const row = await t.db.kysely.selectFrom('users').select('userImgPath').where('id', '=', owner.userId).executeTakeFirstOrThrow();
    expect(row.userImgPath).toBeNull();
  });

  it('refuses a truncated picture with a message, not a 5xx', async () => {
    const member = await t.member();
    const png = await threeBandPng();
    const key = await uploadAvatarFile(t, member.browser, png);
    writeFileSync(join(uploadDir, key), png.subarray(0, 60));
    expect(await member.browser.call(memberCalls.setAvatar, { key })).toMatchObject({
      code: 400,
      errorCode: 'member.avatarBroken',
      msg: '头像图片已损坏，请换一张图片',
    });
  });
});
