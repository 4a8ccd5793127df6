import { useRef, useState, type SubmitEvent } from 'react';
import { contentDeskPaths, type AdminNewsRow, type ContentNewsPageData } from '../../../contract/console/content.ts';
import { contentDeskCalls } from '../../../contract/console/content-calls.ts';
import { newsKindLabels, newsKinds, newsPath, type NewsKind } from '../../../contract/news.ts';
import { ContentDeskLayout } from '../../features/content-desk/content-desk-layout.tsx';
import { beijingTimeText, useDeskNotice } from '../../features/content-desk/desk-notice.ts';
import { DataGrid } from '../../features/staff/data-grid/data-grid.tsx';
import type { GridColumn, GridControls, GridFilter } from '../../features/staff/data-grid/grid-types.ts';
import { callStaffApi } from '../../features/staff/staff-api.ts';
import { StaffCan } from '../../features/staff/staff-can.tsx';
import type { PageProps } from '../../pages/page-props.ts';

interface NewsDraft {
  newsId?: number;
  kind: NewsKind;
  title: string;
  linkUrl: string;
  bodyHtml: string;
  isPublished: boolean;
}

const emptyNews: NewsDraft = { kind: 'announcement', title: '', linkUrl: '', bodyHtml: '', isPublished: false };

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

/** /admin/content/news: 新闻 — announcements (the bulletin) and the two news columns; drafts until published; the body is HTML the server sanitises. */
export function AdminContentNewsPage({ data }: PageProps<ContentNewsPageData>) {
  const [draft, setDraft] = useState<NewsDraft>(emptyNews);
  const { notice, isBusy, run } = useDeskNotice();
  const grid = useRef<GridControls>(null);
  const change = (patch: Partial<NewsDraft>) => setDraft((current) => ({ ...current, ...patch }));

  function remove(row: AdminNewsRow, controls: GridControls) {
    if (!window.confirm(`确定删除“${row.title}”吗？`)) return;
    void run(async () => {
      await callStaffApi(contentDeskCalls.deleteNews, { newsId: row.newsId });
      controls.reload();
      return '新闻已删除';
    });
  }

  const columns: readonly GridColumn<AdminNewsRow>[] = [
    { id: 'releaseDate', header: '发布时间', isSortable: true, cell: (row) => beijingTimeText(row.releaseDate) },
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
            <button
              type="button"
              className="content-link-button"
              onClick={() =>
                setDraft({
                  newsId: row.newsId,
                  kind: row.kind,
                  title: row.title,
                  linkUrl: row.linkUrl ?? '',
                  bodyHtml: row.bodyHtml,
                  isPublished: row.isPublished,
                })
              }
            >
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

  function save(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(async () => {
      const saved = await callStaffApi(contentDeskCalls.saveNews, {
        ...(draft.newsId === undefined ? {} : { newsId: draft.newsId }),
        kind: draft.kind,
        title: draft.title,
        bodyHtml: draft.bodyHtml,
        linkUrl: draft.linkUrl.trim() === '' ? null : draft.linkUrl.trim(),
        isPublished: draft.isPublished,
      });
      setDraft(emptyNews);
      grid.current?.reload();
      return saved.isPublished ? '新闻已发布' : '新闻已保存为草稿：可在首页预览中查看';
    });
  }

  return (
    <ContentDeskLayout data={data} current={contentDeskPaths.news}>
      <section className="admin-card">
        <h1>新闻</h1>
        <p className="admin-notice" role="status" data-testid="content-notice">
          {notice}
        </p>
        <DataGrid
          label="新闻列表"
          call={contentDeskCalls.listNews}
          initial={data.grid}
          columns={columns}
          rowKey={(row) => row.newsId}
          filters={filters}
          initialSort={{ column: 'releaseDate', direction: 'desc' }}
          storageKey="admin.content.news.columns"
          controls={grid}
        />
        <StaffCan action="update" subject="Content">
          <form className="content-form" onSubmit={save} data-testid="news-form">
            <h2>{draft.newsId === undefined ? '新建新闻' : `编辑新闻 #${draft.newsId}`}</h2>
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
            <label className="admin-field">
              标题
              <input name="title" value={draft.title} maxLength={80} onChange={(event) => change({ title: event.currentTarget.value })} />
            </label>
            <label className="admin-field">
              外部链接（可空：链接到本站新闻页）
              <input name="linkUrl" value={draft.linkUrl} onChange={(event) => change({ linkUrl: event.currentTarget.value })} placeholder="https://…" />
            </label>
            <label className="admin-field content-form__wide">
              正文（HTML：可用 p、h2、strong、a、img、ul、table 等；脚本、样式和事件属性会被去除）
              <textarea name="bodyHtml" value={draft.bodyHtml} onChange={(event) => change({ bodyHtml: event.currentTarget.value })} />
            </label>
            <label className="content-form__check">
              <input
                type="checkbox"
                name="isPublished"
                checked={draft.isPublished}
                onChange={(event) => change({ isPublished: event.currentTarget.checked })}
              />
              发布（不勾选则保存为草稿，访客看不到）
            </label>
            <div className="content-form__actions">
              <button type="submit" className="admin-button" disabled={isBusy}>
                保存
              </button>
              {draft.newsId !== undefined && (
                <button type="button" className="admin-button admin-button--plain" style={{ color: '#344054' }} onClick={() => setDraft(emptyNews)}>
                  取消编辑
                </button>
              )}
            </div>
          </form>
        </StaffCan>
      </section>
    </ContentDeskLayout>
  );
}
