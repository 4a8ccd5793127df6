import { contentDeskPaths, type AdminBanner, type ContentHomePageData } from '../../../contract/console/content.ts';
import { formatBeijingTime } from '../../../contract/time.ts';
import { ContentCheck, ContentField, ContentListEditor } from '../../features/content-desk/content-list-editor.tsx';
import { pictureUrl } from '../../features/content-desk/desk-notice.ts';
import { ImageField } from '../../features/content-desk/image-field.tsx';
import { useBannerEditor, type BannerDraft } from '../../features/content-desk/use-banner-editor.ts';
import type { GridColumn } from '../../features/staff/data-grid/grid-types.ts';
import { StaffCan } from '../../features/staff/staff-can.tsx';
import type { PageProps } from '../../pages/page-props.ts';

function windowText(banner: AdminBanner): string {
  if (banner.startsAt === null && banner.endsAt === null) return '长期';
  return `${banner.startsAt === null ? '即日' : formatBeijingTime(banner.startsAt)} 至 ${banner.endsAt === null ? '长期' : formatBeijingTime(banner.endsAt)}`;
}

function bannerColumns(imageBase: string, editor: ReturnType<typeof useBannerEditor>): readonly GridColumn<AdminBanner>[] {
  return [
    {
      id: 'picture',
      header: '图片',
      cell: (banner) => (
        <img
          className="content-thumb"
          src={pictureUrl(imageBase, banner.picFilePath)}
          alt=""
          width={160}
          height={60}
          style={{ background: banner.backgroundColor || undefined }}
        />
      ),
    },
    { id: 'clickUrl', header: '链接', cell: (banner) => banner.clickUrl },
    { id: 'openType', header: '打开方式', cell: (banner) => (banner.openType ? '当前窗口' : '新窗口') },
    { id: 'sort', header: '排序', cell: (banner) => banner.sort },
    { id: 'window', header: '展示时间', cell: windowText },
    {
      id: 'status',
      header: '状态',
      cell: (banner) => (
        <span className={banner.isPublished ? 'content-badge content-badge--live' : 'content-badge content-badge--draft'}>
          {banner.isPublished ? '已发布' : '草稿'}
        </span>
      ),
    },
    { id: 'actions', header: '操作', cell: (banner) => <BannerActions banner={banner} editor={editor} /> },
  ];
}

function BannerActions({ banner, editor }: { banner: AdminBanner; editor: ReturnType<typeof useBannerEditor> }) {
  return (
    <>
      <StaffCan action="update" subject="Content">
        <button type="button" className="content-link-button" onClick={() => editor.edit(banner)}>
          编辑
        </button>
        <button type="button" className="content-link-button" disabled={editor.isBusy} onClick={() => editor.publish(banner, !banner.isPublished)}>
          {banner.isPublished ? '撤回' : '发布'}
        </button>
      </StaffCan>
      <StaffCan action="delete" subject="Content">
        <button type="button" className="content-link-button content-link-button--danger" disabled={editor.isBusy} onClick={() => editor.remove(banner)}>
          删除
        </button>
      </StaffCan>
    </>
  );
}

function BannerFields({ draft, change, imageBase }: { draft: BannerDraft; change: (patch: Partial<BannerDraft>) => void; imageBase: string }) {
  return (
    <>
      <div className="content-form__wide">
        <ImageField label="轮播图片" name="picFilePath" value={draft.picFilePath} imageBase={imageBase} onChange={(picFilePath) => change({ picFilePath })} />
      </div>
      <ContentField label="链接地址" name="clickUrl" value={draft.clickUrl} onValue={(clickUrl) => change({ clickUrl })} placeholder="/activity 或 https://…" />
      <ContentField
        label="背景色"
        name="backgroundColor"
        value={draft.backgroundColor}
        onValue={(backgroundColor) => change({ backgroundColor })}
        placeholder="#1e50ae"
      />
      <ContentField label="排序（小的在前）" name="sort" type="number" value={draft.sort} onValue={(sort) => change({ sort })} />
      <ContentField
        label="开始展示（北京时间，可空）"
        name="startsAt"
        type="datetime-local"
        value={draft.startsAt}
        onValue={(startsAt) => change({ startsAt })}
      />
      <ContentField label="结束展示（北京时间，可空）" name="endsAt" type="datetime-local" value={draft.endsAt} onValue={(endsAt) => change({ endsAt })} />
      <ContentCheck label="在当前窗口打开链接" name="openType" checked={draft.openType} onValue={(openType) => change({ openType })} />
    </>
  );
}

/** /admin/content: 轮播图与公告 — the home carousel's slides (draft → preview → publish) and a quick bulletin entry. */
export function AdminContentHomePage({ data }: PageProps<ContentHomePageData>) {
  const editor = useBannerEditor(data.banners);
  const { draft } = editor;
  return (
    <ContentListEditor
      data={data}
      current={contentDeskPaths.home}
      heading="轮播图"
      notice={editor.notice}
      list={{
        kind: 'table',
        rows: editor.banners,
        columns: bannerColumns(data.imageBase, editor),
        rowKey: (banner) => banner.id,
        testId: 'banner-table',
        rowTestId: 'banner-row',
      }}
      form={{
        heading: draft.id === undefined ? '新增轮播图（保存为草稿）' : `编辑轮播图 #${draft.id}`,
        testId: 'banner-form',
        onSubmit: editor.save,
        isBusy: editor.isBusy,
        cancel: draft.id === undefined ? null : { label: '取消编辑', onClick: editor.reset },
        extraActions: (
          <a href={contentDeskPaths.preview} target="_blank" rel="noopener noreferrer">
            预览首页（含草稿）
          </a>
        ),
        fields: <BannerFields draft={draft} change={editor.change} imageBase={data.imageBase} />,
      }}
    >
      <section className="admin-card">
        <h1>公告</h1>
        <p>
          首页公告栏显示最新的“网站公告”。发布、编辑或撤回公告请到 <a href={contentDeskPaths.news}>新闻</a>
          （栏目选“网站公告”）；草稿公告可在首页预览中查看。
        </p>
      </section>
    </ContentListEditor>
  );
}
