import type { ReactNode } from 'react';
import { contentDeskPaths, type ContentSitePageData } from '../../../contract/console/content.ts';
import { ContentDeskLayout } from '../../features/content-desk/content-desk-layout.tsx';
import { ContentField } from '../../features/content-desk/content-list-editor.tsx';
import { DraftActions } from '../../features/content-desk/draft-actions.tsx';
import { ImageField } from '../../features/content-desk/image-field.tsx';
import { useSiteEditor, type SiteEditor } from '../../features/content-desk/use-site-editor.ts';
import { WarehouseFactsCard } from '../../features/content-desk/warehouse-facts-card.tsx';
import { StaffCan } from '../../features/staff/staff-can.tsx';
import type { PageProps } from '../../pages/page-props.ts';

function SubmitRow({ isBusy, children }: { isBusy: boolean; children: ReactNode }) {
  return (
    <div className="content-form__actions">
      <button type="submit" className="admin-button" disabled={isBusy}>
        {children}
      </button>
    </div>
  );
}

function SettingsCard({ editor, imageBase }: { editor: SiteEditor; imageBase: string }) {
  const { settings, change, threshold, setThreshold } = editor.settings;
  const greetings = settings.greetings;
  return (
    <section className="admin-card">
      <h1>站点设置</h1>
      <p data-testid="settings-draft">
        <DraftActions
          label="站点设置"
          morePreviews={[{ href: contentDeskPaths.previewDeliveryTerms, name: '配送说明' }]}
          hasDraft={editor.settings.drafted.drafted.draft !== null}
          isBusy={editor.isBusy}
          run={editor.run}
          publish={editor.settings.drafted.publish}
          discard={editor.settings.discard}
        />
      </p>
      <form className="content-form" onSubmit={editor.settings.save} data-testid="settings-form">
        <ContentField label="客服热线（空：使用服务器配置的热线）" name="hotline" value={settings.hotline} onValue={(hotline) => change({ hotline })} />
        <ContentField
          label="客服服务时间（空：周一至周六 9:00-18:00）"
          name="serviceHours"
          value={settings.serviceHours}
          onValue={(serviceHours) => change({ serviceHours })}
        />
        <ContentField
          label="上门自提地址（空：使用支持自提的仓库地址）"
          name="pickupAddress"
          isWide
          value={settings.pickupAddress}
          onValue={(pickupAddress) => change({ pickupAddress })}
        />
        <ContentField label="座机" name="landLine" value={settings.landLine} onValue={(landLine) => change({ landLine })} />
        <ContentField label="客服QQ" name="qq" value={settings.qq} onValue={(qq) => change({ qq })} />
        <ContentField label="QQ推广密钥" name="qqKey" value={settings.qqKey} onValue={(qqKey) => change({ qqKey })} />
        <ContentField label="ICP备案号" name="icpText" value={settings.icpText} onValue={(icpText) => change({ icpText })} />
        <ContentField
          label="包邮门槛（元）：结算运费与帮助页的配送说明都以此为准"
          name="freeShippingThreshold"
          inputMode="decimal"
          value={threshold}
          onValue={setThreshold}
        />
        <div className="content-form__wide">
          <ImageField label="官方微信二维码" name="wechatQr" value={settings.wechatQr} imageBase={imageBase} onChange={(wechatQr) => change({ wechatQr })} />
        </div>
        <h2>问候语（首页用户卡片，按北京时间）</h2>
        <ContentField
          label="上午（5:00-12:00）"
          name="greetingMorning"
          value={greetings.morning}
          onValue={(morning) => change({ greetings: { ...greetings, morning } })}
        />
        <ContentField
          label="下午（12:00-18:00）"
          name="greetingAfternoon"
          value={greetings.afternoon}
          onValue={(afternoon) => change({ greetings: { ...greetings, afternoon } })}
        />
        <ContentField label="晚上" name="greetingEvening" value={greetings.evening} onValue={(evening) => change({ greetings: { ...greetings, evening } })} />
        <SubmitRow isBusy={editor.isBusy}>保存站点设置草稿</SubmitRow>
      </form>
    </section>
  );
}

interface LineListProps {
  editor: SiteEditor;
  list: SiteEditor['keywords'] | SiteEditor['links'];
  label: string;
  testId: string;
  name: string;
  fieldLabel: string;
  submitLabel: string;
  discard: () => Promise<void>;
}

/** 热门搜索词 or 友情链接: its draft's state and its text of one entry a line. */
function LineListForm({ editor, list, label, testId, name, fieldLabel, submitLabel, discard }: LineListProps) {
  return (
    <>
      <p data-testid={testId}>
        <DraftActions
          label={label}
          hasDraft={list.drafted.drafted.draft !== null}
          isBusy={editor.isBusy}
          run={editor.run}
          publish={list.drafted.publish}
          discard={discard}
        />
      </p>
      <form className="content-form" onSubmit={list.save}>
        <label className="admin-field content-form__wide">
          {fieldLabel}
          <textarea name={name} value={list.text} onChange={(event) => list.setText(event.currentTarget.value)} />
        </label>
        <SubmitRow isBusy={editor.isBusy}>{submitLabel}</SubmitRow>
      </form>
    </>
  );
}

/**
 * /admin/content/site: 热门搜索词, 友情链接, 问候语 and 站点设置 (hotline, service hours, pickup address, QQ, WeChat
 * QR, ICP, the free-shipping threshold). Each saves a draft the shop does not show: 预览 the home page with it, then
 * 发布 or 放弃草稿. 发货仓库 (the warehouses' city, address, cut-off, pickup) saves at once.
 */
export function AdminContentSitePage({ data }: PageProps<ContentSitePageData>) {
  const editor = useSiteEditor(data);
  return (
    <ContentDeskLayout data={data} current={contentDeskPaths.site}>
      <p className="admin-notice" role="status" data-testid="content-notice">
        {editor.notice}
      </p>
      <StaffCan action="update" subject="Content">
        <SettingsCard editor={editor} imageBase={data.imageBase} />
        <WarehouseFactsCard editor={editor.warehouses} isBusy={editor.isBusy} />
        <section className="admin-card">
          <h1>热门搜索词与友情链接</h1>
          <LineListForm
            editor={editor}
            list={editor.keywords}
            label="热门搜索词"
            testId="hot-keywords-draft"
            name="hotKeywords"
            fieldLabel="热门搜索词：每行一个，格式“搜索词 | 链接”（链接可省略，即搜索该词）"
            submitLabel="保存热门搜索词草稿"
            discard={editor.discardKeywords}
          />
          <LineListForm
            editor={editor}
            list={editor.links}
            label="友情链接"
            testId="friendly-links-draft"
            name="friendlyLinks"
            fieldLabel="友情链接：每行一个，格式“网站名称 | https://网址”"
            submitLabel="保存友情链接草稿"
            discard={editor.discardLinks}
          />
        </section>
      </StaffCan>
    </ContentDeskLayout>
  );
}
