import { useState, type SubmitEvent } from 'react';
import { contentDeskMessages, type ContentSitePageData, type SiteSettings } from '../../../contract/console/content.ts';
import { contentDeskCalls } from '../../../contract/console/content-calls.ts';
import type { FriendlyLink, HotLabel } from '../../../contract/content.ts';
import { centsOfYuanText, yuanTextOfCents } from '../../../contract/money.ts';
import { searchUrl } from '../../../contract/search-url.ts';
import { callStaffApi } from '../staff/staff-api.ts';
import { useDeskNotice } from './desk-notice.ts';
import { useDrafted } from './use-drafted.ts';
import { useWarehouseEditor } from './use-warehouse-editor.ts';

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

/** 热门搜索词 and 友情链接: each a text of one entry a line, saved as a draft. */
function useLineLists(data: ContentSitePageData, run: (action: () => Promise<string>) => Promise<void>) {
  const keywordDraft = useDrafted('hotKeywords', data.hotKeywords);
  const linkDraft = useDrafted('friendlyLinks', data.friendlyLinks);
  const [keywords, setKeywords] = useState(keywordsText(keywordDraft.current));
  const [links, setLinks] = useState(linksText(linkDraft.current));

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

  return {
    keywords: { drafted: keywordDraft, text: keywords, setText: setKeywords, save: saveKeywords },
    links: { drafted: linkDraft, text: links, setText: setLinks, save: saveLinks },
    discardKeywords: async () => setKeywords(keywordsText(await keywordDraft.discard())),
    discardLinks: async () => setLinks(linksText(await linkDraft.discard())),
  };
}

/** 站点设置: the settings' draft, the threshold as typed in yuan, and its save. */
function useSettings(data: ContentSitePageData, run: (action: () => Promise<string>) => Promise<void>) {
  const settingsDraft = useDrafted('siteSettings', data.settings);
  const [settings, setSettings] = useState<SiteSettings>(settingsDraft.current);
  const [threshold, setThreshold] = useState(yuanTextOfCents(settingsDraft.current.freeShippingThresholdCents));
  const change = (patch: Partial<SiteSettings>) => setSettings((current) => ({ ...current, ...patch }));
  const show = (shown: SiteSettings) => {
    setSettings(shown);
    setThreshold(yuanTextOfCents(shown.freeShippingThresholdCents));
  };

  function save(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(async () => {
      const cents = centsOfYuanText(threshold);
      if (cents === null) throw new Error('包邮门槛须为金额');
      const saved = await callStaffApi(contentDeskCalls.saveSettings, {
        ...settings,
        freeShippingThresholdCents: cents,
        revision: settingsDraft.drafted.revision,
      });
      settingsDraft.saved(saved);
      show(saved.draft ?? saved.live);
      return contentDeskMessages.settingsSaved;
    });
  }

  return { drafted: settingsDraft, settings, change, threshold, setThreshold, save, discard: async () => show(await settingsDraft.discard()) };
}

/** /admin/content/site: 站点设置, 热门搜索词 and 友情链接, each a draft of its own, and 发货仓库 (saved at once); one status line. */
export function useSiteEditor(data: ContentSitePageData) {
  const { notice, isBusy, run } = useDeskNotice();
  return { notice, isBusy, run, settings: useSettings(data, run), warehouses: useWarehouseEditor(data.warehouses, run), ...useLineLists(data, run) };
}

export type SiteEditor = ReturnType<typeof useSiteEditor>;
