import { adPositionLabels, contentDeskPaths, type AdminAd, type ContentAdsPageData, type Drafted } from '../../../contract/console/content.ts';
import { adPositions } from '../../../contract/content.ts';
import { ContentCheck, ContentField, ContentListEditor } from '../../features/content-desk/content-list-editor.tsx';
import { pictureUrl } from '../../features/content-desk/desk-notice.ts';
import { DraftActions } from '../../features/content-desk/draft-actions.tsx';
import { ImageField } from '../../features/content-desk/image-field.tsx';
import { useAdEditor, type AdDraft } from '../../features/content-desk/use-ad-editor.ts';
import type { GridColumn } from '../../features/staff/data-grid/grid-types.ts';
import { StaffCan } from '../../features/staff/staff-can.tsx';
import type { PageProps } from '../../pages/page-props.ts';

// The row shows the draft when there is one: that is what 预览 and 发布 are about.
const shownAd = (drafted: Drafted<AdminAd>) => drafted.draft ?? drafted.live;

function adColumns(imageBase: string, editor: ReturnType<typeof useAdEditor>): readonly GridColumn<Drafted<AdminAd>>[] {
  return [
    { id: 'position', header: '位置', cell: (drafted) => adPositionLabels[shownAd(drafted).position] },
    {
      id: 'picture',
      header: '图片',
      cell: (drafted) => (
        <img
          className="content-thumb"
          src={pictureUrl(imageBase, shownAd(drafted).picFilePath)}
          alt=""
          width={160}
          height={60}
          loading="lazy"
          decoding="async"
        />
      ),
    },
    { id: 'clickUrl', header: '链接', cell: (drafted) => shownAd(drafted).clickUrl },
    { id: 'openType', header: '打开方式', cell: (drafted) => (shownAd(drafted).openType ? '当前窗口' : '新窗口') },
    { id: 'sort', header: '排序', cell: (drafted) => shownAd(drafted).sort },
    {
      id: 'status',
      header: '状态',
      cell: (drafted) => (
        <>
          <span className={shownAd(drafted).isOpen ? 'content-badge content-badge--live' : 'content-badge content-badge--draft'}>
            {shownAd(drafted).isOpen ? '开启' : '关闭'}
          </span>{' '}
          <DraftActions
            label={`广告 #${shownAd(drafted).adPosId}`}
            hasDraft={drafted.draft !== null}
            isBusy={editor.isBusy}
            run={editor.run}
            publish={() => editor.publish(drafted)}
            discard={() => editor.discard(drafted)}
          />
        </>
      ),
    },
    {
      id: 'actions',
      header: '操作',
      cell: (drafted) => (
        <StaffCan action="update" subject="Content">
          <button type="button" className="content-link-button" onClick={() => editor.edit(drafted)}>
            编辑
          </button>
        </StaffCan>
      ),
    },
  ];
}

function AdFields({ draft, change, imageBase }: { draft: AdDraft; change: (patch: Partial<AdDraft>) => void; imageBase: string }) {
  return (
    <>
      <label className="admin-field">
        位置
        <select
          name="position"
          value={draft.position}
          onChange={(event) => change({ position: adPositions.find((each) => each === event.currentTarget.value) ?? 'top' })}
        >
          {adPositions.map((position) => (
            <option key={position} value={position}>
              {adPositionLabels[position]}
            </option>
          ))}
        </select>
      </label>
      <ContentField label="链接地址" name="clickUrl" value={draft.clickUrl} onValue={(clickUrl) => change({ clickUrl })} />
      <ContentField
        label="背景色（顶部横幅）"
        name="backgroundColor"
        value={draft.backgroundColor}
        onValue={(backgroundColor) => change({ backgroundColor })}
      />
      <ContentField label="排序" name="sort" type="number" value={draft.sort} onValue={(sort) => change({ sort })} />
      <div className="content-form__wide">
        <ImageField label="广告图片" name="adPicture" value={draft.picFilePath} imageBase={imageBase} onChange={(picFilePath) => change({ picFilePath })} />
      </div>
      <ContentCheck label="开启（isOpen）" name="isOpen" checked={draft.isOpen} onValue={(isOpen) => change({ isOpen })} />
      <ContentCheck label="在当前窗口打开（openType）" name="openType" checked={draft.openType} onValue={(openType) => change({ openType })} />
    </>
  );
}

/**
 * /admin/content/ads: 广告 — the top banner, the sidebar ad and the home pop-up: shown or not (isOpen), where the
 * link opens (openType). A save is a draft the shop does not show: 预览 the home page with it, then 发布 or 放弃草稿.
 */
export function AdminContentAdsPage({ data }: PageProps<ContentAdsPageData>) {
  const editor = useAdEditor(data.ads);
  const { draft } = editor;
  return (
    <ContentListEditor
      data={data}
      current={contentDeskPaths.ads}
      heading="广告"
      intro={<p>每个位置显示排序最前、已开启的一条；访客关闭后当天不再显示。</p>}
      notice={editor.notice}
      list={{ kind: 'table', rows: editor.ads, columns: adColumns(data.imageBase, editor), rowKey: (ad) => shownAd(ad).adPosId, rowTestId: 'ad-row' }}
      form={{
        heading: draft.adPosId === undefined ? '新增广告' : `编辑广告 #${draft.adPosId}`,
        onSubmit: editor.save,
        isBusy: editor.isBusy,
        submitLabel: '保存草稿',
        fields: <AdFields draft={draft} change={editor.change} imageBase={data.imageBase} />,
      }}
    />
  );
}
