import type { AdminAd, AdminBanner, AdminHelpPage, AdminNewsRow, ContentDraftState, Drafted, SiteSettings } from './content.ts';
import type { contentDeskRequests } from './content-requests.ts';
import type { FriendlyLink, HotLabel } from '../content.ts';
import type { AdminWarehouse } from '../warehouse.ts';
import type { GridPage } from '../staff-grid.ts';
import { staffCall } from '../staff-calls.ts';

type Requests = typeof contentDeskRequests;
const read = { action: 'read', subject: 'Content' } as const;
const update = { action: 'update', subject: 'Content' } as const;
const remove = { action: 'delete', subject: 'Content' } as const;

/**
 * /admin/api/content/…: 内容管理, every change audited. A save without an id creates, with one updates.
 * Ads, hot keywords, friendly links and site settings save a draft (naming the revision they were
 * edited over); publishDraft makes it live, discardDraft drops it. A warehouse's facts (city, address, cut-off,
 * pickup) are saved at once, over the updatedAt the editor loaded.
 */
export const contentDeskCalls = {
  listBanners: staffCall<Requests['listBanners'], AdminBanner[]>('/admin/api/content/listBanners', read),
  saveBanner: staffCall<Requests['saveBanner'], AdminBanner>('/admin/api/content/saveBanner', update),
  setBannerPublished: staffCall<Requests['setBannerPublished'], AdminBanner>('/admin/api/content/setBannerPublished', update),
  deleteBanner: staffCall<Requests['deleteBanner'], null>('/admin/api/content/deleteBanner', remove),

  listNews: staffCall<Requests['listNews'], GridPage<AdminNewsRow>>('/admin/api/content/listNews', read),
  saveNews: staffCall<Requests['saveNews'], AdminNewsRow>('/admin/api/content/saveNews', update),
  deleteNews: staffCall<Requests['deleteNews'], null>('/admin/api/content/deleteNews', remove),

  listHelp: staffCall<Requests['listHelp'], AdminHelpPage[]>('/admin/api/content/listHelp', read),
  saveHelp: staffCall<Requests['saveHelp'], AdminHelpPage>('/admin/api/content/saveHelp', update),

  listAds: staffCall<Requests['listAds'], Drafted<AdminAd>[]>('/admin/api/content/listAds', read),
  saveAd: staffCall<Requests['saveAd'], Drafted<AdminAd>>('/admin/api/content/saveAd', update),

  listHotKeywords: staffCall<Requests['listHotKeywords'], Drafted<HotLabel[]>>('/admin/api/content/listHotKeywords', read),
  saveHotKeywords: staffCall<Requests['saveHotKeywords'], Drafted<HotLabel[]>>('/admin/api/content/saveHotKeywords', update),

  listFriendlyLinks: staffCall<Requests['listFriendlyLinks'], Drafted<FriendlyLink[]>>('/admin/api/content/listFriendlyLinks', read),
  saveFriendlyLinks: staffCall<Requests['saveFriendlyLinks'], Drafted<FriendlyLink[]>>('/admin/api/content/saveFriendlyLinks', update),

  getSettings: staffCall<Requests['getSettings'], Drafted<SiteSettings>>('/admin/api/content/getSettings', read),
  saveSettings: staffCall<Requests['saveSettings'], Drafted<SiteSettings>>('/admin/api/content/saveSettings', update),

  listWarehouses: staffCall<Requests['listWarehouses'], AdminWarehouse[]>('/admin/api/content/listWarehouses', read),
  saveWarehouse: staffCall<Requests['saveWarehouse'], AdminWarehouse>('/admin/api/content/saveWarehouse', update),

  publishDraft: staffCall<Requests['publishDraft'], ContentDraftState>('/admin/api/content/publishDraft', update),
  discardDraft: staffCall<Requests['discardDraft'], ContentDraftState>('/admin/api/content/discardDraft', update),
};
