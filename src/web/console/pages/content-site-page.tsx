import { useState, type SubmitEvent } from 'react';
import { contentDeskMessages, contentDeskPaths, type ContentSitePageData, type SiteSettings } from '../../../contract/console/content.ts';
import { contentDeskCalls } from '../../../contract/console/content-calls.ts';
import type { FriendlyLink, HotLabel } from '../../../contract/content.ts';
import { searchUrl } from '../../../contract/search-url.ts';
import { ContentDeskLayout } from '../../features/content-desk/content-desk-layout.tsx';
import { useDeskNotice } from '../../features/content-desk/desk-notice.ts';
import { DraftActions } from '../../features/content-desk/draft-actions.tsx';
import { ImageField } from '../../features/content-desk/image-field.tsx';
import { useDrafted } from '../../features/content-desk/use-drafted.ts';
import { StaffCan } from '../../features/staff/staff-can.tsx';
import { callStaffApi } from '../../features/staff/staff-api.ts';
import type { PageProps } from '../../pages/page-props.ts';

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

/**
 * /admin/content/site: 热门搜索词, 友情链接, 问候语 and 站点设置 (hotline, QQ, WeChat QR, ICP, the free-shipping
 * threshold). Each saves a draft the shop does not show: 预览 the home page with it, then 发布 or 放弃草稿.
 */
export function AdminContentSitePage({ data }: PageProps<ContentSitePageData>) {
  const keywordDraft = useDrafted('hotKeywords', data.hotKeywords);
  const linkDraft = useDrafted('friendlyLinks', data.friendlyLinks);
  const settingsDraft = useDrafted('siteSettings', data.settings);
  const [keywords, setKeywords] = useState(keywordsText(keywordDraft.current));
  const [links, setLinks] = useState(linksText(linkDraft.current));
  const [settings, setSettings] = useState<SiteSettings>(settingsDraft.current);
  const [threshold, setThreshold] = useState(yuanText(settingsDraft.current.freeShippingThresholdCents));
  const { notice, isBusy, run } = useDeskNotice();
  const change = (patch: Partial<SiteSettings>) => setSettings((current) => ({ ...current, ...patch }));
  const showSettings = (shown: SiteSettings) => {
    setSettings(shown);
    setThreshold(yuanText(shown.freeShippingThresholdCents));
  };

  function saveKeywords(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(async () => {
      const items = linesOf(keywords).map(([keyword, url]) => ({ keyword, url }));
      const saved = await callStaffApi(contentDeskCalls.saveHotKeywords, { items, revision: keywordDraft.drafted.revision });
      keywordDraft.saved(saved);
      setKeywords(keywordsText(saved.draft ?? saved.live));
      return contentDeskMessages.hotKeywordsSaved;
    });
  }

  function saveLinks(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(async () => {
      const items = linesOf(links).map(([linkName, linkUrl]) => ({ linkName, linkUrl }));
      const saved = await callStaffApi(contentDeskCalls.saveFriendlyLinks, { items, revision: linkDraft.drafted.revision });
      linkDraft.saved(saved);
      setLinks(linksText(saved.draft ?? saved.live));
      return contentDeskMessages.friendlyLinksSaved;
    });
  }

  function saveSettings(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(async () => {
      const cents = Math.round(Number(threshold) * 100);
      if (threshold.trim() === '' || !Number.isFinite(cents)) throw new Error('包邮门槛须为金额');
      const saved = await callStaffApi(contentDeskCalls.saveSettings, {
        ...settings,
        freeShippingThresholdCents: cents,
        revision: settingsDraft.drafted.revision,
      });
      settingsDraft.saved(saved);
      showSettings(saved.draft ?? saved.live);
      return contentDeskMessages.settingsSaved;
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
          <p data-testid="settings-draft">
            <DraftActions
              label="站点设置"
              morePreviews={[{ href: contentDeskPaths.previewDeliveryTerms, name: '配送说明' }]}
              hasDraft={settingsDraft.drafted.draft !== null}
              isBusy={isBusy}
              run={run}
              publish={settingsDraft.publish}
              discard={async () => showSettings(await settingsDraft.discard())}
            />
          </p>
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
                保存站点设置草稿
              </button>
            </div>
          </form>
        </section>
        <section className="admin-card">
          <h1>热门搜索词与友情链接</h1>
          <p data-testid="hot-keywords-draft">
            <DraftActions
              label="热门搜索词"
              hasDraft={keywordDraft.drafted.draft !== null}
              isBusy={isBusy}
              run={run}
              publish={keywordDraft.publish}
              discard={async () => setKeywords(keywordsText(await keywordDraft.discard()))}
            />
          </p>
          <form className="content-form" onSubmit={saveKeywords}>
            <label className="admin-field content-form__wide">
              热门搜索词：每行一个，格式“搜索词 | 链接”（链接可省略，即搜索该词）
              <textarea name="hotKeywords" value={keywords} onChange={(event) => setKeywords(event.currentTarget.value)} />
            </label>
            <div className="content-form__actions">
              <button type="submit" className="admin-button" disabled={isBusy}>
                保存热门搜索词草稿
              </button>
            </div>
          </form>
          <p data-testid="friendly-links-draft">
            <DraftActions
              label="友情链接"
              hasDraft={linkDraft.drafted.draft !== null}
              isBusy={isBusy}
              run={run}
              publish={linkDraft.publish}
              discard={async () => setLinks(linksText(await linkDraft.discard()))}
            />
          </p>
          <form className="content-form" onSubmit={saveLinks}>
            <label className="admin-field content-form__wide">
              友情链接：每行一个，格式“网站名称 | https://网址”
              <textarea name="friendlyLinks" value={links} onChange={(event) => setLinks(event.currentTarget.value)} />
            </label>
            <div className="content-form__actions">
              <button type="submit" className="admin-button" disabled={isBusy}>
                保存友情链接草稿
              </button>
            </div>
          </form>
        </section>
      </StaffCan>
    </ContentDeskLayout>
  );
}
