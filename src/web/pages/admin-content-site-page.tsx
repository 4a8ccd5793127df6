import { useState, type SubmitEvent } from 'react';
import { contentDeskPaths, type ContentSitePageData, type SiteSettings } from '../../contract/admin-content.ts';
import { contentDeskCalls } from '../../contract/admin-content-calls.ts';
import type { FriendlyLink, HotLabel } from '../../contract/content.ts';
import { searchUrl } from '../../contract/search-url.ts';
import { ContentDeskLayout } from '../features/content-desk/content-desk-layout.tsx';
import { useDeskNotice } from '../features/content-desk/desk-notice.ts';
import { ImageField } from '../features/content-desk/image-field.tsx';
import { StaffCan } from '../features/staff/staff-can.tsx';
import { callStaffApi } from '../features/staff/staff-api.ts';
import type { PageProps } from './page-props.ts';

/** One entry a line: `文字 | 链接` (the link may be left out for a hot keyword: it then searches for the keyword). */
function linesOf(text: string): [string, string][] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const bar = line.indexOf('|');
      return bar === -1 ? [line, ''] : [line.slice(0, bar).trim(), line.slice(bar + 1).trim()];
    });
}

// A keyword that searches for itself is shown without its link, so renaming it renames the search too.
const keywordsText = (items: readonly HotLabel[]) =>
  items.map((item) => (item.url === searchUrl(item.keyword) ? item.keyword : `${item.keyword} | ${item.url}`)).join('\n');
const linksText = (items: readonly FriendlyLink[]) => items.map((item) => `${item.linkName} | ${item.linkUrl}`).join('\n');

function yuanText(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** /admin/content/site: 热门搜索词, 友情链接, 问候语 and 站点设置 (hotline, QQ, WeChat QR, ICP, the free-shipping threshold). */
export function AdminContentSitePage({ data }: PageProps<ContentSitePageData>) {
  const [keywords, setKeywords] = useState(keywordsText(data.hotKeywords));
  const [links, setLinks] = useState(linksText(data.friendlyLinks));
  const [settings, setSettings] = useState<SiteSettings>(data.settings);
  const [threshold, setThreshold] = useState(yuanText(data.settings.freeShippingThresholdCents));
  const { notice, isBusy, run } = useDeskNotice();
  const change = (patch: Partial<SiteSettings>) => setSettings((current) => ({ ...current, ...patch }));

  function saveKeywords(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(async () => {
      const saved = await callStaffApi(contentDeskCalls.saveHotKeywords, { items: linesOf(keywords).map(([keyword, url]) => ({ keyword, url })) });
      setKeywords(keywordsText(saved));
      return '热门搜索词已保存';
    });
  }

  function saveLinks(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(async () => {
      const saved = await callStaffApi(contentDeskCalls.saveFriendlyLinks, { items: linesOf(links).map(([linkName, linkUrl]) => ({ linkName, linkUrl })) });
      setLinks(linksText(saved));
      return '友情链接已保存';
    });
  }

  function saveSettings(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(async () => {
      const cents = Math.round(Number(threshold) * 100);
      if (threshold.trim() === '' || !Number.isFinite(cents)) throw new Error('包邮门槛须为金额');
      const saved = await callStaffApi(contentDeskCalls.saveSettings, { ...settings, freeShippingThresholdCents: cents });
      setSettings(saved);
      setThreshold(yuanText(saved.freeShippingThresholdCents));
      return '站点设置已保存';
    });
  }

  return (
    <ContentDeskLayout data={data} current={contentDeskPaths.site}>
      <p className="admin-notice" role="status" data-testid="content-notice">
        {notice}
      </p>
      <StaffCan action="update" subject="Content">
        <section className="admin-card">
          <h1>站点设置</h1>
          <form className="content-form" onSubmit={saveSettings} data-testid="settings-form">
            <label className="admin-field">
              客服热线（空：使用服务器配置的热线）
              <input name="hotline" value={settings.hotline} onChange={(event) => change({ hotline: event.currentTarget.value })} />
            </label>
            <label className="admin-field">
              座机
              <input name="landLine" value={settings.landLine} onChange={(event) => change({ landLine: event.currentTarget.value })} />
            </label>
            <label className="admin-field">
              客服QQ
              <input name="qq" value={settings.qq} onChange={(event) => change({ qq: event.currentTarget.value })} />
            </label>
            <label className="admin-field">
              QQ推广密钥
              <input name="qqKey" value={settings.qqKey} onChange={(event) => change({ qqKey: event.currentTarget.value })} />
            </label>
            <label className="admin-field">
              ICP备案号
              <input name="icpText" value={settings.icpText} onChange={(event) => change({ icpText: event.currentTarget.value })} />
            </label>
            <label className="admin-field">
              包邮门槛（元）：结算运费与帮助页的配送说明都以此为准
              <input name="freeShippingThreshold" inputMode="decimal" value={threshold} onChange={(event) => setThreshold(event.currentTarget.value)} />
            </label>
            <div className="content-form__wide">
              <ImageField
                label="官方微信二维码"
                name="wechatQr"
                value={settings.wechatQr}
                imageBase={data.imageBase}
                onChange={(wechatQr) => change({ wechatQr })}
              />
            </div>
            <h2>问候语（首页用户卡片，按北京时间）</h2>
            <label className="admin-field">
              上午（5:00-12:00）
              <input
                name="greetingMorning"
                value={settings.greetings.morning}
                onChange={(event) => change({ greetings: { ...settings.greetings, morning: event.currentTarget.value } })}
              />
            </label>
            <label className="admin-field">
              下午（12:00-18:00）
              <input
                name="greetingAfternoon"
                value={settings.greetings.afternoon}
                onChange={(event) => change({ greetings: { ...settings.greetings, afternoon: event.currentTarget.value } })}
              />
            </label>
            <label className="admin-field">
              晚上
              <input
                name="greetingEvening"
                value={settings.greetings.evening}
                onChange={(event) => change({ greetings: { ...settings.greetings, evening: event.currentTarget.value } })}
              />
            </label>
            <div className="content-form__actions">
              <button type="submit" className="admin-button" disabled={isBusy}>
                保存站点设置
              </button>
            </div>
          </form>
        </section>
        <section className="admin-card">
          <h1>热门搜索词与友情链接</h1>
          <form className="content-form" onSubmit={saveKeywords}>
            <label className="admin-field content-form__wide">
              热门搜索词：每行一个，格式“搜索词 | 链接”（链接可省略，即搜索该词）
              <textarea name="hotKeywords" value={keywords} onChange={(event) => setKeywords(event.currentTarget.value)} />
            </label>
            <div className="content-form__actions">
              <button type="submit" className="admin-button" disabled={isBusy}>
                保存热门搜索词
              </button>
            </div>
          </form>
          <form className="content-form" onSubmit={saveLinks}>
            <label className="admin-field content-form__wide">
              友情链接：每行一个，格式“网站名称 | https://网址”
              <textarea name="friendlyLinks" value={links} onChange={(event) => setLinks(event.currentTarget.value)} />
            </label>
            <div className="content-form__actions">
              <button type="submit" className="admin-button" disabled={isBusy}>
                保存友情链接
              </button>
            </div>
          </form>
        </section>
      </StaffCan>
    </ContentDeskLayout>
  );
}
