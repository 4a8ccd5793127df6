import { contentDeskPaths, type AdminNewsRow, type ContentNewsPageData } from '../../../contract/console/content.ts';
import { contentDeskCalls } from '../../../contract/console/content-calls.ts';
import { newsKindLabels, newsKinds, newsPath } from '../../../contract/news.ts';
import { formatBeijingTime } from '../../../contract/time.ts';
import { ContentCheck, ContentField, ContentListEditor, ContentTextArea } from '../../features/content-desk/content-list-editor.tsx';
import { FactPlaceholderList } from '../../features/content-desk/fact-placeholders.tsx';
import { useNewsEditor, type NewsDraft } from '../../features/content-desk/use-news-editor.ts';
import type { GridColumn, GridControls, GridFilter } from '../../features/staff/data-grid/grid-types.ts';
import { StaffCan } from '../../features/staff/staff-can.tsx';
import type { PageProps } from '../../pages/page-props.ts';

const filters: readonly GridFilter[] = [
  { kind: 'select', name: 'kind', label: '栏目', options: newsKinds.map((kind) => ({ value: kind, label: newsKindLabels[kind] })) },
  { kind: 'text', name: 'title', label: '标题', maxLength: 40 },
  {
    kind: 'select',
    name: 'status',
    label: '状态',
    options: [
      { value: 'published', label: '已发布' },
      { value: 'draft', label: '草稿' },
    ],
  },
];

function newsColumns(edit: (row: AdminNewsRow) => void, remove: (row: AdminNewsRow, controls: GridControls) => void): readonly GridColumn<AdminNewsRow>[] {
  return [
    { id: 'releaseDate', header: '发布时间', isSortable: true, cell: (row) => formatBeijingTime(row.releaseDate) },
    { id: 'kind', header: '栏目', isSortable: true, cell: (row) => newsKindLabels[row.kind] },
    {
      id: 'title',
      header: '标题',
      isSortable: true,
      isAlwaysShown: true,
      cell: (row) => (row.isPublished ? <a href={row.linkUrl ?? newsPath(row.newsId)}>{row.title}</a> : row.title),
    },
    {
      id: 'status',
      header: '状态',
      cell: (row) => (
        <span className={row.isPublished ? 'content-badge content-badge--live' : 'content-badge content-badge--draft'}>
          {row.isPublished ? '已发布' : '草稿'}
        </span>
      ),
    },
    {
      id: 'actions',
      header: '操作',
      isAlwaysShown: true,
      cell: (row, controls) => (
        <>
          <StaffCan action="update" subject="Content">
            <button type="button" className="content-link-button" onClick={() => edit(row)}>
              编辑
            </button>
          </StaffCan>
          <StaffCan action="delete" subject="Content">
            <button type="button" className="content-link-button content-link-button--danger" onClick={() => remove(row, controls)}>
              删除
            </button>
          </StaffCan>
        </>
      ),
    },
  ];
}

function NewsFields({ draft, change }: { draft: NewsDraft; change: (patch: Partial<NewsDraft>) => void }) {
  return (
    <>
      <label className="admin-field">
        栏目
        <select
          name="kind"
          value={draft.kind}
          onChange={(event) => change({ kind: newsKinds.find((kind) => kind === event.currentTarget.value) ?? 'announcement' })}
        >
          {newsKinds.map((kind) => (
            <option key={kind} value={kind}>
              {newsKindLabels[kind]}
            </option>
          ))}
        </select>
      </label>
      <ContentField label="标题" name="title" value={draft.title} maxLength={80} onValue={(title) => change({ title })} />
      <ContentField
        label="外部链接（可空：链接到本站新闻页）"
        name="linkUrl"
        value={draft.linkUrl}
        onValue={(linkUrl) => change({ linkUrl })}
        placeholder="https://…"
      />
      <ContentTextArea
        label="正文（HTML：可用 p、h2、strong、a、img、ul、table 等；脚本、样式和事件属性会被去除）"
        name="bodyHtml"
        value={draft.bodyHtml}
        onValue={(bodyHtml) => change({ bodyHtml })}
      />
      <FactPlaceholderList text={`${draft.title}${draft.bodyHtml}`} />
      <ContentCheck
        label="发布（不勾选则保存为草稿，访客看不到）"
        name="isPublished"
        checked={draft.isPublished}
        onValue={(isPublished) => change({ isPublished })}
      />
    </>
  );
}

/** /admin/content/news: 新闻 — announcements (the bulletin) and the two news columns; drafts until published; the body is HTML the server sanitises. */
export function AdminContentNewsPage({ data }: PageProps<ContentNewsPageData>) {
  const editor = useNewsEditor();
  const { draft } = editor;
  return (
    <ContentListEditor
      data={data}
      current={contentDeskPaths.news}
      heading="新闻"
      notice={editor.notice}
      list={{
        kind: 'grid',
        grid: {
          label: '新闻列表',
          call: contentDeskCalls.listNews,
          initial: data.grid,
          columns: newsColumns(editor.edit, editor.remove),
          rowKey: (row) => row.newsId,
          filters,
          initialSort: { column: 'releaseDate', direction: 'desc' },
          storageKey: 'admin.content.news.columns',
          controls: editor.grid,
        },
      }}
      form={{
        heading: draft.newsId === undefined ? '新建新闻' : `编辑新闻 #${draft.newsId}`,
        testId: 'news-form',
        onSubmit: editor.save,
        isBusy: editor.isBusy,
        cancel: draft.newsId === undefined ? null : { label: '取消编辑', onClick: editor.reset },
        fields: <NewsFields draft={draft} change={editor.change} />,
      }}
    />
  );
}
