import { describe, expect, it } from 'vitest';
import { MessageType } from '../../../contract/message.ts';
import { createMember, signIn } from '../../testing/factories.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { insertContentFixture } from '../content/testing/content-fixture.ts';
import { sendMessages } from '../message/message.service.ts';
import { insertCartLines, insertCategoryFixture, shellOf } from './shell.test-helpers.ts';

describe('shell state', () => {
  const t = useTestApp({
    fixture: async (app) => {
      await insertCategoryFixture(app.db);
      await insertContentFixture(app.db);
    },
  });

  it('gives a visitor the header, footer, sidebar and ads from the database', async () => {
    const shell = await shellOf(t.browser());
    expect(shell.user).toEqual({ isLogin: false, nickName: '', userNumber: '' });
    expect(shell.headerData).toMatchObject({ isLogin: false, cartCount: 0, productCount: 0, bomMessageCount: 0, showCategory: false });
    expect(shell.headerData.hotLabelList.map((label) => label.keyword)).toContain('STM32F103C8T6');
    expect(shell.headerData.hotLabelList[0]).toEqual({ keyword: 'STM32F103C8T6', url: '/search?key=STM32F103C8T6' });
    expect(shell.headerStatusInfo).toEqual({ unreadCount: 0, messageList: [] });
    expect(shell.sidebarInfo.serviceInfo).toBeNull();
    expect(shell.sidebarInfo.configInfo).toMatchObject({ qq: '800861234', operateQrCode: 'content/wechat-qr.svg', phone: shell.hotline });
    expect(shell.footerData.hours).toBe('周一至周六 9:00-18:00');
    expect(shell.footerData.icpText).toMatch(/ICP/);
    expect(shell.footerData.copyright).toContain('版权所有');
    expect(shell.footerData.friendlyLinks.length).toBeGreaterThan(3);
    expect(shell.footerData.helpColumns.flatMap((column) => column.links.map((link) => link.url))).toEqual(
      expect.arrayContaining(['/serve/order_step', '/serve/pay', '/serve/deliver_goods', '/serve/warehouse', '/serve/sales_return', '/serve/safe']),
    );
    expect(shell.advertisingInfo.top).toMatchObject({ isOpen: true, picFilePath: 'content/ad-top.svg' });
    expect(shell.advertisingInfo.sidebar?.picFilePath).toBe('content/ad-sidebar.svg');
    expect(shell.advertisingInfo.popup?.picFilePath).toBe('content/ad-popup.svg');
    expect(shell.qiniuImgAddress).toBe('/img/');
  });

  it('puts the first 8 category groups in the header, in order, with second levels and counts', async () => {
    const shell = await shellOf(t.browser());
    const groups = shell.headerData.categoryList;
    expect(groups.map((group) => group.categoryGroupName)).toEqual(['分组1', '分组2', '分组3', '分组4', '分组5', '分组6', '分组7', '分组8']);
    const first = groups[0]?.categoryList[0];
    expect(first?.categoryName).toBe('一级1-1');
    expect(first?.categorySecondList).toHaveLength(24);
    expect(first?.categorySecondList[1]).toMatchObject({ categoryName: '二级1-1-2', skuCount: 11 });
  });

  it('opens the category menu on the home page only', async () => {
    const browser = t.browser();
    expect((await shellOf(browser, '/')).headerData.showCategory).toBe(true);
    expect((await shellOf(browser, '/?from=ad')).headerData.showCategory).toBe(true);
    expect((await shellOf(browser, '/no/such/page')).headerData.showCategory).toBe(false);
  });

  it('gives a member the greeting, cart count, unread messages, BOM badge count and sales rep', async () => {
    const { userId } = await createMember(t.db.kysely, { nickName: '', userNumber: 'U2606110042' });
    const now = Date.now();
    await sendMessages(t.db.kysely, [
      { userId, messageType: MessageType.order, msgContent: '订单已发货', sendDate: now - 5000 },
      { userId, messageType: MessageType.bom, msgContent: '<p onclick="x()">配单完成<script>alert(1)</script></p>', sendDate: now - 1000 },
      { userId, messageType: MessageType.offer, msgContent: '<a href="javascript:alert(1)">报价</a>', sendDate: now - 2000 },
      { userId, messageType: MessageType.invoice, msgContent: '发票已开具', sendDate: now - 3000 },
      { userId, messageType: MessageType.bom, msgContent: '旧的已读', sendDate: now - 9000, isRead: 1 },
    ]);
    await insertCartLines(t.db, userId, 2);
    const rep = await t.db.kysely.selectFrom('serviceReps').select('id').executeTakeFirstOrThrow();
    await t.db.kysely.insertInto('userServiceReps').values({ userId, repId: rep.id, enableFlag: 1 }).execute();

    const browser = t.browser();
    await signIn(browser, t.db.kysely, userId);
    const shell = await shellOf(browser);
    expect(shell.user).toEqual({ isLogin: true, nickName: '', userNumber: 'U2606110042' });
    expect(shell.headerData).toMatchObject({ isLogin: true, cartCount: 2, productCount: 2 });
    expect(shell.headerData.bomMessageCount).toBe(2);
    expect(shell.headerStatusInfo.unreadCount).toBe(4);
    const latest = shell.headerStatusInfo.messageList;
    expect(latest.map((message) => message.messageType)).toEqual([MessageType.bom, MessageType.offer, MessageType.invoice]);
    expect(latest[0]?.msgContent).toBe('<p>配单完成</p>');
    expect(latest[1]?.msgContent).toBe('<a>报价</a>');
    expect(latest[0]?.sendDateStr).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(shell.sidebarInfo.serviceInfo).toMatchObject({ enableFlag: true, operatorName: '李晓雯', operatorQq: '2851236470' });
  });

  it('treats a session whose member no longer exists as a visitor', async () => {
    const { userId } = await createMember(t.db.kysely);
    const browser = t.browser();
    await signIn(browser, t.db.kysely, userId);
    await t.db.kysely.deleteFrom('users').where('id', '=', userId).execute();
    const shell = await shellOf(browser);
    expect(shell.user.isLogin).toBe(false);
    expect(shell.headerData.isLogin).toBe(false);
  });

  it('renders the shell for an error page outside the session scope (a missing asset) as a visitor', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/no-such-file.js' });
    expect(response.statusCode).toBe(404);
  });
});
