import { contentDeskPaths, type AdminHelpPage, type ContentHelpPageData } from '../../../contract/console/content.ts';
import { companyProseGroup } from '../../../contract/help.ts';
import { formatBeijingTime } from '../../../contract/time.ts';
import { ContentField, ContentListEditor, ContentTextArea } from '../../features/content-desk/content-list-editor.tsx';
import { FactPlaceholderList } from '../../features/content-desk/fact-placeholders.tsx';
import { useHelpEditor, type HelpDraft } from '../../features/content-desk/use-help-editor.ts';
import type { GridColumn } from '../../features/staff/data-grid/grid-types.ts';
import { StaffCan } from '../../features/staff/staff-can.tsx';
import type { PageProps } from '../../pages/page-props.ts';

function helpColumns(edit: (page: AdminHelpPage) => void): readonly GridColumn<AdminHelpPage>[] {
  return [
    { id: 'groupName', header: '分组', cell: (page) => page.groupName },
    {
      id: 'title',
      header: '标题',
      cell: (page) => (page.groupName === companyProseGroup ? page.title : <a href={`/serve/${page.slug}`}>{page.title}</a>),
    },
    { id: 'slug', header: '标识', cell: (page) => page.slug },
    { id: 'updatedAt', header: '更新时间', cell: (page) => formatBeijingTime(page.updatedAt) },
    {
      id: 'actions',
      header: '操作',
      cell: (page) => (
        <StaffCan action="update" subject="Content">
          <button type="button" className="content-link-button" onClick={() => edit(page)}>
            编辑
          </button>
        </StaffCan>
      ),
    },
  ];
}

function HelpFields({ draft, change }: { draft: HelpDraft; change: (patch: Partial<HelpDraft>) => void }) {
  return (
    <>
      <ContentField label="标识（网址 /serve/标识）" name="slug" value={draft.slug} readOnly={!draft.isNew} onValue={(slug) => change({ slug })} />
      <ContentField label="标题" name="title" value={draft.title} onValue={(title) => change({ title })} />
      <ContentField
        label={`分组（公司页面的文字块分组为“${companyProseGroup}”）`}
        name="groupName"
        value={draft.groupName}
        onValue={(groupName) => change({ groupName })}
      />
      <ContentField label="排序" name="sort" type="number" value={draft.sort} onValue={(sort) => change({ sort })} />
      <ContentField label="摘要（可空）" name="description" isWide value={draft.description} onValue={(description) => change({ description })} />
      <ContentTextArea
        label="正文（HTML，保存时去除脚本、样式和事件属性）"
        name="bodyHtml"
        value={draft.bodyHtml}
        onValue={(bodyHtml) => change({ bodyHtml })}
      />
      <FactPlaceholderList text={`${draft.title}${draft.bodyHtml}`} />
    </>
  );
}

/** /admin/content/help: 帮助与公司页面 — help articles (/serve/<slug>) and the company pages' prose blocks (group 公司页面). */
export function AdminContentHelpPage({ data }: PageProps<ContentHelpPageData>) {
  const editor = useHelpEditor(data.pages);
  const { draft } = editor;
  return (
    <ContentListEditor
      data={data}
      current={contentDeskPaths.help}
      heading="帮助与公司页面"
      notice={editor.notice}
      list={{ kind: 'table', rows: editor.pages, columns: helpColumns(editor.edit), rowKey: (page) => page.slug }}
      form={{
        heading: draft.isNew ? '新建帮助文章' : `编辑：${draft.title}`,
        onSubmit: editor.save,
        isBusy: editor.isBusy,
        cancel: draft.isNew ? null : { label: '新建文章', onClick: editor.reset },
        fields: <HelpFields draft={draft} change={editor.change} />,
      }}
    />
  );
}
