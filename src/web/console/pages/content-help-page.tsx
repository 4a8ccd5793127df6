import { useState, type SubmitEvent } from 'react';
import { contentDeskPaths, type AdminHelpPage, type ContentHelpPageData } from '../../../contract/console/content.ts';
import { contentDeskCalls } from '../../../contract/console/content-calls.ts';
import { companyProseGroup } from '../../../contract/help.ts';
import { ContentDeskLayout } from '../../features/content-desk/content-desk-layout.tsx';
import { beijingTimeText, useDeskNotice } from '../../features/content-desk/desk-notice.ts';
import { StaffCan } from '../../features/staff/staff-can.tsx';
import { callStaffApi } from '../../features/staff/staff-api.ts';
import type { PageProps } from '../../pages/page-props.ts';

interface HelpDraft {
  isNew: boolean;
  slug: string;
  title: string;
  description: string;
  groupName: string;
  sort: string;
  bodyHtml: string;
}

const emptyHelp: HelpDraft = { isNew: true, slug: '', title: '', description: '', groupName: '购物指南', sort: '0', bodyHtml: '' };

/** /admin/content/help: 帮助与公司页面 — help articles (/serve/<slug>) and the company pages' prose blocks (group 公司页面). */
export function AdminContentHelpPage({ data }: PageProps<ContentHelpPageData>) {
  const [pages, setPages] = useState(data.pages);
  const [draft, setDraft] = useState<HelpDraft>(emptyHelp);
  const { notice, isBusy, run } = useDeskNotice();
  const change = (patch: Partial<HelpDraft>) => setDraft((current) => ({ ...current, ...patch }));

  function edit(page: AdminHelpPage) {
    setDraft({ isNew: false, ...page, sort: String(page.sort) });
  }

  function save(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(async () => {
      const saved = await callStaffApi(contentDeskCalls.saveHelp, {
        slug: draft.slug,
        title: draft.title,
        description: draft.description,
        groupName: draft.groupName,
        sort: Number(draft.sort) || 0,
        bodyHtml: draft.bodyHtml,
      });
      setPages((current) => [...current.filter((page) => page.slug !== saved.slug), saved]);
      setDraft({ isNew: false, ...saved, sort: String(saved.sort) });
      return '页面已保存（不安全的 HTML 已被去除）';
    });
  }

  return (
    <ContentDeskLayout data={data} current={contentDeskPaths.help}>
      <section className="admin-card">
        <h1>帮助与公司页面</h1>
        <p className="admin-notice" role="status" data-testid="content-notice">
          {notice}
        </p>
        <div className="admin-scroll">
          <table className="admin-table">
            <thead>
              <tr>
                <th>分组</th>
                <th>标题</th>
                <th>标识</th>
                <th>更新时间</th>
                <th>操作</th>
              </tr>
            </thead>
            <tbody>
              {pages.map((page) => (
                <tr key={page.slug}>
                  <td>{page.groupName}</td>
                  <td>{page.groupName === companyProseGroup ? page.title : <a href={`/serve/${page.slug}`}>{page.title}</a>}</td>
                  <td>{page.slug}</td>
                  <td>{beijingTimeText(page.updatedAt)}</td>
                  <td>
                    <StaffCan action="update" subject="Content">
                      <button type="button" className="content-link-button" onClick={() => edit(page)}>
                        编辑
                      </button>
                    </StaffCan>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <StaffCan action="update" subject="Content">
          <form className="content-form" onSubmit={save}>
            <h2>{draft.isNew ? '新建帮助文章' : `编辑：${draft.title}`}</h2>
            <label className="admin-field">
              标识（网址 /serve/标识）
              <input name="slug" value={draft.slug} readOnly={!draft.isNew} onChange={(event) => change({ slug: event.currentTarget.value })} />
            </label>
            <label className="admin-field">
              标题
              <input name="title" value={draft.title} onChange={(event) => change({ title: event.currentTarget.value })} />
            </label>
            <label className="admin-field">
              分组（公司页面的文字块分组为“{companyProseGroup}”）
              <input name="groupName" value={draft.groupName} onChange={(event) => change({ groupName: event.currentTarget.value })} />
            </label>
            <label className="admin-field">
              排序
              <input name="sort" type="number" value={draft.sort} onChange={(event) => change({ sort: event.currentTarget.value })} />
            </label>
            <label className="admin-field content-form__wide">
              摘要（可空）
              <input name="description" value={draft.description} onChange={(event) => change({ description: event.currentTarget.value })} />
            </label>
            <label className="admin-field content-form__wide">
              正文（HTML，保存时去除脚本、样式和事件属性）
              <textarea name="bodyHtml" value={draft.bodyHtml} onChange={(event) => change({ bodyHtml: event.currentTarget.value })} />
            </label>
            <div className="content-form__actions">
              <button type="submit" className="admin-button" disabled={isBusy}>
                保存
              </button>
              {!draft.isNew && (
                <button type="button" className="admin-button admin-button--plain" style={{ color: '#344054' }} onClick={() => setDraft(emptyHelp)}>
                  新建文章
                </button>
              )}
            </div>
          </form>
        </StaffCan>
      </section>
    </ContentDeskLayout>
  );
}
