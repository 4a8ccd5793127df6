import { searchUrl } from '../../../contract/search-url.ts';
import { MessageType } from '../../../contract/message.ts';
import type { Db } from '../../db/create-db.ts';
import { checkHasUser, findOrCreateMember } from '../account/account.service.ts';
import { sendMessages, type NewMessage } from '../message/message.service.ts';

/** The demo member h1's seed creates; messages and a sales rep are attached to it when present. */
export const demoMemberPhone = '13800138000';

const hotKeywords = ['STM32F103C8T6', 'ESP32', 'TL431', '0603 10K', 'AMS1117', 'CH340', 'LM358', '贴片电容'];

const siteConfig: Record<string, string> = {
  landLine: '0755-8326 6688',
  qq: '800861234',
  qqKey: 'MzkzMDE0NTRfNTkxMDQyXzgwMDg2MTIzNF8yXw',
  operateQrCode: 'content/wechat-qr.svg',
  icpText: '粤ICP备2026012345号-1',
};

const friendlyLinks = [
  { linkName: '立创EDA', linkUrl: 'https://lceda.cn/' },
  { linkName: '电子工程世界', linkUrl: 'https://www.eeworld.com.cn/' },
  { linkName: '21ic电子网', linkUrl: 'https://www.21ic.com/' },
  { linkName: '与非网', linkUrl: 'https://www.eefocus.com/' },
  { linkName: '电子发烧友', linkUrl: 'https://www.elecfans.com/' },
  { linkName: '百度百科·电子元器件', linkUrl: 'https://baike.baidu.com/item/%E7%94%B5%E5%AD%90%E5%85%83%E5%99%A8%E4%BB%B6' },
];

const hour = 3_600_000;

function demoMessages(userId: number, now: number): NewMessage[] {
  return [
    {
      userId,
      messageType: MessageType.bom,
      msgContent:
        '<p>您的 BOM 配单 <strong>BOM20260611-0032</strong> 已完成匹配：共 <strong>42</strong> 种物料，<strong>40</strong> 种有现货。</p><p><a href="/bom" target="_blank">查看配单结果</a></p>',
      sendDate: now - 2 * hour,
    },
    {
      userId,
      messageType: MessageType.offer,
      msgContent:
        '<p>您询价的 <strong>STM32F103C8T6</strong>（1000 个）已报价：<span>¥7.85</span>/个，报价有效期 3 天。</p><p><a href="/user/quotation">查看报价单</a></p>',
      sendDate: now - 5 * hour,
    },
    { userId, messageType: MessageType.order, msgContent: '您的订单 SO2026061100218 已发货，顺丰速运 SF1402357789201，请注意查收。', sendDate: now - 9 * hour },
    {
      userId,
      messageType: MessageType.invoice,
      msgContent: '您申请的增值税专用发票（订单 SO2026060800117）已开具，纸质发票将随后寄出。',
      sendDate: now - 30 * hour,
    },
    {
      userId,
      messageType: MessageType.returned,
      msgContent: '您的退货申请 RT2026060500009 已审核通过，请在 7 天内寄回商品。',
      sendDate: now - 50 * hour,
      isRead: 1,
    },
    { userId, messageType: MessageType.order, msgContent: '您的订单 SO2026060300087 已签收，感谢您在芯品商城采购。', sendDate: now - 75 * hour, isRead: 1 },
    {
      userId,
      messageType: MessageType.bom,
      msgContent:
        '<p>BOM 配单 <strong>BOM20260528-0007</strong> 中有 <strong>3</strong> 种物料缺货，已为您推荐替代料。</p><p><a href="/bom">查看替代料</a></p>',
      sendDate: now - 120 * hour,
      isRead: 1,
    },
  ];
}

// Demo hot keywords, links, ads, site configuration, the demo member's messages and sales rep (issue 3).
export async function seedContent(db: Db, now = Date.now()): Promise<void> {
  const k = db.kysely;
  await k
    .insertInto('siteConfig')
    .values(Object.entries(siteConfig).map(([key, value]) => ({ key, value })))
    .execute();
  await k
    .insertInto('hotLabels')
    .values(hotKeywords.map((keyword, sort) => ({ keyword, url: searchUrl(keyword), sort })))
    .execute();
  await k
    .insertInto('friendlyLinks')
    .values(friendlyLinks.map((link, sort) => ({ ...link, sort })))
    .execute();
  await k
    .insertInto('ads')
    .values([
      { position: 'top', isOpen: 1, openType: 1, picFilePath: 'content/ad-top.svg', clickUrl: '/serve/advantage', backgroundColor: '#ff7a26', sort: 0 },
      { position: 'sidebar', isOpen: 1, openType: 1, picFilePath: 'content/ad-sidebar.svg', clickUrl: '/bom', backgroundColor: '', sort: 0 },
      { position: 'popup', isOpen: 1, openType: 0, picFilePath: 'content/ad-popup.svg', clickUrl: '/serve/advantage', backgroundColor: '', sort: 0 },
    ])
    .execute();
  const rep = await k
    .insertInto('serviceReps')
    .values({
      operatorName: '李晓雯',
      operatorMobile: '13923456781',
      operatorPortraitUrl: 'content/rep-portrait-1.svg',
      operatorQq: '2851236470',
      operatorQqKey: 'Mjg1MTIzNjQ3MF81OTEwNDJfMjg1MTIzNjQ3MF8yXw',
      operatorWechat: 'xinpin_lixw',
      operateQrCode: 'content/rep-qr-1.svg',
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  // Only a demo member its own seed made gets a rep and messages (finding it, not making it).
  if (!(await checkHasUser(k, demoMemberPhone))) return;
  const memberId = await findOrCreateMember(k, { phone: demoMemberPhone, password: null, createdAt: now });
  await k.insertInto('userServiceReps').values({ userId: memberId, repId: rep.id, enableFlag: 1 }).execute();
  await sendMessages(k, demoMessages(memberId, now));
}
