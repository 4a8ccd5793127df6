import { z } from 'zod';
import { contentDeskLimits, contentDraftKeyPattern } from './content.ts';
import { adPositions } from '../content.ts';
import { helpSlugPattern, maxHelpBodyLength, maxHelpTitleLength } from '../help.ts';
import { newsKinds } from '../news.ts';
import { cutoffTimePattern, warehouseLimits } from '../warehouse.ts';
import { gridQuerySchema, gridTextFilter } from '../staff-grid-requests.ts';

const invalid = '请求参数有误';

const id = (missing: string) => z.number(missing).int(missing).min(1, missing).max(2_147_483_647, missing);

/** Where a click leads: a path of this site or an http(s) address, nothing that runs script. */
const link = (label: string) =>
  z
    .string(`请输入${label}`)
    .trim()
    .min(1, `请输入${label}`)
    .max(500, `${label}不能超过500个字符`)
    .regex(/^(\/([^/\s<>"'][^\s<>"']*)?|https?:\/\/[^\s<>"']+)$/i, `${label}须以 / 或 http(s):// 开头`);

/** A picture: a path under the image base (content/…, cms/…), a root path of the site, or an https address. */
const picture = z
  .string('请上传图片')
  .trim()
  .min(1, '请上传图片')
  .max(300, '图片地址过长')
  .regex(/^(https:\/\/[^\s<>"']+|\/?[A-Za-z0-9_-][A-Za-z0-9_./-]*)$/, '图片地址有误')
  .refine((value) => !value.includes('..'), '图片地址有误');

const color = z
  .string(invalid)
  .trim()
  .regex(/^(#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6})?$/, '背景色须为 #RRGGBB 格式');

const sort = z.number('排序须为整数').int('排序须为整数').min(-9999, '排序须在 -9999 到 9999 之间').max(9999, '排序须在 -9999 到 9999 之间');

const moment = z.number('时间格式有误').int('时间格式有误').min(0, '时间格式有误').max(32_503_680_000_000, '时间格式有误').nullable();

/** The draft revision the editor saw (0: there was never a draft of this piece). */
const revision = z.number(invalid).int(invalid).min(0, invalid).max(2_147_483_647, invalid);

const draftKey = z.string(invalid).regex(contentDraftKeyPattern, '没有待发布的草稿，请刷新后再试');

const bannerId = id('该轮播图不存在或已被删除');
const newsId = id('该新闻不存在或已被删除');

export const contentDeskRequests = {
  listBanners: z.object({}),
  saveBanner: z.object({
    id: bannerId.optional(),
    picFilePath: picture,
    backgroundColor: color.default(''),
    clickUrl: link('链接地址'),
    openType: z.boolean(invalid),
    sort: sort.default(0),
    startsAt: moment.default(null),
    endsAt: moment.default(null),
  }),
  setBannerPublished: z.object({ id: bannerId, isPublished: z.boolean(invalid) }),
  deleteBanner: z.object({ id: bannerId }),

  listNews: gridQuerySchema(['releaseDate', 'title', 'kind'], {
    kind: z.enum(newsKinds, invalid).optional(),
    title: gridTextFilter(40, '标题关键词不能超过40个字'),
    status: z.enum(['draft', 'published'], invalid).optional(),
  }),
  saveNews: z.object({
    newsId: newsId.optional(),
    kind: z.enum(newsKinds, '请选择栏目'),
    title: z.string('请输入标题').trim().min(1, '请输入标题').max(80, '标题不能超过80个字'),
    bodyHtml: z.string('请输入正文').max(maxHelpBodyLength, `正文不能超过${maxHelpBodyLength}个字符`),
    linkUrl: link('外部链接').nullable().default(null),
    isPublished: z.boolean(invalid),
  }),
  deleteNews: z.object({ newsId }),

  listHelp: z.object({}),
  saveHelp: z.object({
    slug: z.string('页面标识有误').trim().regex(helpSlugPattern, '页面标识须为小写字母开头的2-40位字母、数字或下划线'),
    title: z.string('请输入标题').trim().min(1, '请输入标题').max(maxHelpTitleLength, `标题不能超过${maxHelpTitleLength}个字`),
    description: z.string(invalid).trim().max(200, '摘要不能超过200个字').default(''),
    groupName: z.string('请输入分组').trim().min(1, '请输入分组').max(20, '分组不能超过20个字'),
    sort: sort.default(0),
    bodyHtml: z.string('请输入正文').max(maxHelpBodyLength, `正文不能超过${maxHelpBodyLength}个字符`),
  }),

  listAds: z.object({}),
  saveAd: z.object({
    adPosId: id('该广告不存在').optional(),
    position: z.enum(adPositions, '请选择广告位置'),
    isOpen: z.boolean(invalid),
    openType: z.boolean(invalid),
    picFilePath: picture,
    clickUrl: link('链接地址'),
    backgroundColor: color.default(''),
    sort: sort.default(0),
    revision: revision.default(0),
  }),

  listHotKeywords: z.object({}),
  saveHotKeywords: z.object({
    items: z
      .array(
        z.object({
          keyword: z.string('请输入搜索词').trim().min(1, '搜索词不能为空').max(30, '搜索词不能超过30个字'),
          url: z.union([z.literal(''), link('链接地址')]).default(''),
        }),
        invalid,
      )
      .max(contentDeskLimits.hotKeywords, `热门搜索词最多${contentDeskLimits.hotKeywords}个`),
    revision,
  }),

  listFriendlyLinks: z.object({}),
  saveFriendlyLinks: z.object({
    items: z
      .array(
        z.object({
          linkName: z.string('请输入网站名称').trim().min(1, '网站名称不能为空').max(30, '网站名称不能超过30个字'),
          linkUrl: link('网址').regex(/^https?:\/\//i, '网址须以 http(s):// 开头'),
        }),
        invalid,
      )
      .max(contentDeskLimits.friendlyLinks, `友情链接最多${contentDeskLimits.friendlyLinks}个`),
    revision,
  }),

  getSettings: z.object({}),
  saveSettings: z.object({
    hotline: z
      .string(invalid)
      .trim()
      .regex(/^[0-9+\- ()]{0,20}$/, '客服热线只能包含数字、空格和 + - ( )，不超过20位'),
    landLine: z
      .string(invalid)
      .trim()
      .regex(/^[0-9+\- ()]{0,20}$/, '座机号码只能包含数字、空格和 + - ( )，不超过20位'),
    qq: z
      .string(invalid)
      .trim()
      .regex(/^\d{0,12}$/, 'QQ号须为数字，不超过12位'),
    qqKey: z
      .string(invalid)
      .trim()
      .regex(/^[A-Za-z0-9_=+/-]{0,100}$/, 'QQ推广密钥格式有误'),
    wechatQr: z.union([z.literal(''), picture]),
    icpText: z.string(invalid).trim().max(50, '备案号不能超过50个字'),
    freeShippingThresholdCents: z
      .number('包邮门槛须为金额')
      .int('包邮门槛须精确到分')
      .min(0, '包邮门槛不能为负数')
      .max(100_000_000, '包邮门槛不能超过¥1,000,000.00'),
    greetings: z.object(
      {
        morning: z.string(invalid).trim().min(1, '问候语不能为空').max(20, '问候语不能超过20个字'),
        afternoon: z.string(invalid).trim().min(1, '问候语不能为空').max(20, '问候语不能超过20个字'),
        evening: z.string(invalid).trim().min(1, '问候语不能为空').max(20, '问候语不能超过20个字'),
      },
      invalid,
    ),
    serviceHours: z.string(invalid).trim().max(40, '服务时间不能超过40个字').default(''),
    pickupAddress: z.string(invalid).trim().max(warehouseLimits.addressMax, `自提地址不能超过${warehouseLimits.addressMax}个字`).default(''),
    revision,
  }),

  listWarehouses: z.object({}),
  saveWarehouse: z.object({
    code: z.string(invalid).regex(/^[A-Za-z0-9_-]{1,16}$/, '该仓库不存在'),
    city: z.string('请输入仓库所在城市').trim().min(1, '请输入仓库所在城市').max(warehouseLimits.cityMax, `城市不能超过${warehouseLimits.cityMax}个字`),
    address: z.string('请输入仓库地址').trim().min(1, '请输入仓库地址').max(warehouseLimits.addressMax, `地址不能超过${warehouseLimits.addressMax}个字`),
    cutoffTime: z.string(invalid).trim().regex(cutoffTimePattern, '截单时间须为 HH:MM，如 16:00'),
    isPickup: z.boolean(invalid),
    updatedAt: z.number(invalid).int(invalid).min(0, invalid).max(32_503_680_000_000, invalid),
  }),

  publishDraft: z.object({ key: draftKey, revision }),
  discardDraft: z.object({ key: draftKey, revision }),
};
