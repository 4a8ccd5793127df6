import type { SubmitEvent } from 'react';
import type { AdminHelpPage } from '../../../contract/console/content.ts';
import { contentDeskCalls } from '../../../contract/console/content-calls.ts';
import { callStaffApi } from '../staff/staff-api.ts';
import { useContentListEditor, useContentRows } from './use-content-list-editor.ts';

export interface HelpDraft {
  isNew: boolean;
  slug: string;
  title: string;
  description: string;
  groupName: string;
  sort: string;
  bodyHtml: string;
}

const emptyHelp: HelpDraft = { isNew: true, slug: '', title: '', description: '', groupName: '购物指南', sort: '0', bodyHtml: '' };

const draftOf = (page: AdminHelpPage): HelpDraft => ({ isNew: false, ...page, sort: String(page.sort) });

/** 帮助与公司页面: the pages the server sent, the one in the form, and its save (the server sanitises the HTML). */
export function useHelpEditor(initial: readonly AdminHelpPage[]) {
  const editor = useContentListEditor(emptyHelp);
  const pages = useContentRows(initial, (page) => page.slug);

  function save(event: SubmitEvent<HTMLFormElement>) {
    editor.submit(event, async (draft) => {
      const saved = await callStaffApi(contentDeskCalls.saveHelp, {
        slug: draft.slug,
        title: draft.title,
        description: draft.description,
        groupName: draft.groupName,
        sort: Number(draft.sort) || 0,
        bodyHtml: draft.bodyHtml,
      });
      pages.replace(saved);
      editor.setDraft(draftOf(saved));
      return '页面已保存（不安全的 HTML 已被去除）';
    });
  }

  return { ...editor, pages: pages.rows, edit: (page: AdminHelpPage) => editor.setDraft(draftOf(page)), save };
}
