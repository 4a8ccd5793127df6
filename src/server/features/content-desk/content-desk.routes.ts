import type { FastifyInstance } from 'fastify';
import { contentDeskMessages } from '../../../contract/console/content.ts';
import { contentDeskCalls } from '../../../contract/console/content-calls.ts';
import { contentDeskRequests } from '../../../contract/console/content-requests.ts';
import { WithMessage } from '../../http/api-route.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { registerStaffCalls } from '../staff/staff-api-route.ts';
import { adDraft, saveAd, listAdminAds } from './ad-desk.service.ts';
import { discardDraft, publishDraft, type DraftSubject } from './content-drafts.service.ts';
import { deleteBanner, listAdminBanners, saveBanner, setBannerPublished } from './banner-desk.service.ts';
import { listAdminHelpPages, saveAdminHelpPage } from './help-desk.service.ts';
import { deleteNews, listAdminNews, saveNews } from './news-desk.service.ts';
import {
  friendlyLinksDraft,
  getSiteSettings,
  hotKeywordsDraft,
  listFriendlyLinks,
  listHotKeywords,
  saveFriendlyLinks,
  saveHotKeywords,
  saveSiteSettings,
  siteSettingsDraft,
} from './site-desk.service.ts';
import { listAdminWarehouses, saveAdminWarehouse } from './warehouse-desk.service.ts';

/** The piece a draft key names (the request schema admits only these shapes). */
function draftSubjectOf(key: string): DraftSubject<unknown> {
  if (key === hotKeywordsDraft.key) return hotKeywordsDraft;
  if (key === friendlyLinksDraft.key) return friendlyLinksDraft;
  if (key === siteSettingsDraft.key) return siteSettingsDraft;
  return adDraft(Number(key.slice('ad:'.length)));
}

/** 内容管理: reads need read Content, changes update/delete Content; every change audited in its transaction. */
export function registerContentDeskRoutes(app: FastifyInstance, deps: ServiceDeps) {
  const { db } = deps;
  const m = contentDeskMessages;
  registerStaffCalls(app, contentDeskCalls, contentDeskRequests, {
    listBanners: () => listAdminBanners(db),
    saveBanner: async ({ body, actor }) => new WithMessage(await saveBanner(db, actor, body), m.bannerSaved),
    setBannerPublished: async ({ body, actor }) =>
      new WithMessage(await setBannerPublished(db, actor, body.id, body.isPublished), body.isPublished ? m.bannerPublished : m.bannerUnpublished),
    async deleteBanner({ body, actor }) {
      await deleteBanner(db, actor, body.id);
      return new WithMessage(null, m.bannerDeleted);
    },
    listNews: ({ body }) => listAdminNews(db, body),
    saveNews: async ({ body, actor }) => new WithMessage(await saveNews(db, actor, body), m.newsSaved),
    async deleteNews({ body, actor }) {
      await deleteNews(db, actor, body.newsId);
      return new WithMessage(null, m.newsDeleted);
    },
    listHelp: () => listAdminHelpPages(db),
    saveHelp: async ({ body, actor }) => new WithMessage(await saveAdminHelpPage(db, actor, body), m.helpSaved),
    listAds: () => listAdminAds(db),
    saveAd: async ({ body, actor }) => new WithMessage(await saveAd(db, actor, body), m.adSaved),
    listHotKeywords: () => listHotKeywords(db),
    saveHotKeywords: async ({ body, actor }) => new WithMessage(await saveHotKeywords(db, actor, body.items, body.revision), m.hotKeywordsSaved),
    listFriendlyLinks: () => listFriendlyLinks(db),
    saveFriendlyLinks: async ({ body, actor }) => new WithMessage(await saveFriendlyLinks(db, actor, body.items, body.revision), m.friendlyLinksSaved),
    getSettings: () => getSiteSettings(db),
    saveSettings: async ({ body, actor }) => new WithMessage(await saveSiteSettings(db, actor, body, body.revision), m.settingsSaved),
    listWarehouses: () => listAdminWarehouses(db),
    saveWarehouse: async ({ body, actor }) => new WithMessage(await saveAdminWarehouse(db, actor, body), m.warehouseSaved),
    publishDraft: async ({ body, actor }) => new WithMessage(await publishDraft(db, actor, draftSubjectOf(body.key), body.revision), m.draftPublished),
    discardDraft: async ({ body, actor }) => new WithMessage(await discardDraft(db, actor, draftSubjectOf(body.key), body.revision), m.draftDiscarded),
  });
}
