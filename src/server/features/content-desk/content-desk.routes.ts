import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contentDeskMessages } from '../../../contract/console/content.ts';
import { contentDeskCalls } from '../../../contract/console/content-calls.ts';
import { contentDeskRequests } from '../../../contract/console/content-requests.ts';
import { staffErrors, type StaffIdentity } from '../../../contract/staff.ts';
import { WithMessage } from '../../http/api-route.ts';
import { AppError } from '../../http/app-error.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { registerStaffCalls } from '../staff/staff-api-route.ts';
import type { StaffActor } from '../staff/staff-desk.service.ts';
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

function actorOf(staff: StaffIdentity | null, request: FastifyRequest): StaffActor {
  if (!staff) throw new AppError(staffErrors.loginRequired);
  return { staff, ip: request.ip };
}

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
    saveBanner: async ({ body, staff, request }) => new WithMessage(await saveBanner(db, actorOf(staff, request), body), m.bannerSaved),
    setBannerPublished: async ({ body, staff, request }) =>
      new WithMessage(
        await setBannerPublished(db, actorOf(staff, request), body.id, body.isPublished),
        body.isPublished ? m.bannerPublished : m.bannerUnpublished,
      ),
    async deleteBanner({ body, staff, request }) {
      await deleteBanner(db, actorOf(staff, request), body.id);
      return new WithMessage(null, m.bannerDeleted);
    },
    listNews: ({ body }) => listAdminNews(db, body),
    saveNews: async ({ body, staff, request }) => new WithMessage(await saveNews(db, actorOf(staff, request), body), m.newsSaved),
    async deleteNews({ body, staff, request }) {
      await deleteNews(db, actorOf(staff, request), body.newsId);
      return new WithMessage(null, m.newsDeleted);
    },
    listHelp: () => listAdminHelpPages(db),
    saveHelp: async ({ body, staff, request }) => new WithMessage(await saveAdminHelpPage(db, actorOf(staff, request), body), m.helpSaved),
    listAds: () => listAdminAds(db),
    saveAd: async ({ body, staff, request }) => new WithMessage(await saveAd(db, actorOf(staff, request), body), m.adSaved),
    listHotKeywords: () => listHotKeywords(db),
    saveHotKeywords: async ({ body, staff, request }) =>
      new WithMessage(await saveHotKeywords(db, actorOf(staff, request), body.items, body.revision), m.hotKeywordsSaved),
    listFriendlyLinks: () => listFriendlyLinks(db),
    saveFriendlyLinks: async ({ body, staff, request }) =>
      new WithMessage(await saveFriendlyLinks(db, actorOf(staff, request), body.items, body.revision), m.friendlyLinksSaved),
    getSettings: () => getSiteSettings(db),
    saveSettings: async ({ body, staff, request }) =>
      new WithMessage(await saveSiteSettings(db, actorOf(staff, request), body, body.revision), m.settingsSaved),
    publishDraft: async ({ body, staff, request }) =>
      new WithMessage(await publishDraft(db, actorOf(staff, request), draftSubjectOf(body.key), body.revision), m.draftPublished),
    discardDraft: async ({ body, staff, request }) =>
      new WithMessage(await discardDraft(db, actorOf(staff, request), draftSubjectOf(body.key), body.revision), m.draftDiscarded),
  });
}
