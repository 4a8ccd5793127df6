import { useRef, type SubmitEvent } from 'react';
import type { AdminNewsRow } from '../../../contract/console/content.ts';
import { contentDeskCalls } from '../../../contract/console/content-calls.ts';
import type { NewsKind } from '../../../contract/news.ts';
import type { GridControls } from '../staff/data-grid/grid-types.ts';
import { callStaffApi } from '../staff/staff-api.ts';
import { useContentListEditor } from './use-content-list-editor.ts';

export interface NewsDraft {
  newsId?: number;
  kind: NewsKind;
  title: string;
  linkUrl: string;
  bodyHtml: string;
  isPublished: boolean;
}

const emptyNews: NewsDraft = { kind: 'announcement', title: '', linkUrl: '', bodyHtml: '', isPublished: false };

/** 新闻: the news grid's row actions and the form's save; drafts until published. */
export function useNewsEditor() {
  const editor = useContentListEditor(emptyNews);
  const grid = useRef<GridControls>(null);

  function edit(row: AdminNewsRow) {
    editor.setDraft({ newsId: row.newsId, kind: row.kind, title: row.title, linkUrl: row.linkUrl ?? '', bodyHtml: row.bodyHtml, isPublished: row.isPublished });
  }

  function remove(row: AdminNewsRow, controls: GridControls) {
    if (!window.confirm(`确定删除“${row.title}”吗？`)) return;
    void editor.run(async () => {
      await callStaffApi(contentDeskCalls.deleteNews, { newsId: row.newsId });
      controls.reload();
      return '新闻已删除';
    });
  }

  function save(event: SubmitEvent<HTMLFormElement>) {
    editor.submit(event, async (draft) => {
      const saved = await callStaffApi(contentDeskCalls.saveNews, {
        ...(draft.newsId === undefined ? {} : { newsId: draft.newsId }),
        kind: draft.kind,
        title: draft.title,
        bodyHtml: draft.bodyHtml,
        linkUrl: draft.linkUrl.trim() === '' ? null : draft.linkUrl.trim(),
        isPublished: draft.isPublished,
      });
      editor.reset();
      grid.current?.reload();
      return saved.isPublished ? '新闻已发布' : '新闻已保存为草稿：可在首页预览中查看';
    });
  }

  return { ...editor, grid, edit, remove, save };
}
