import { categoryDeskPath, type CategoryDeskPageData } from '../../../contract/console/taxonomy.ts';
import { AdminLayout } from '../../features/staff/admin-layout.tsx';
import { CategoryGroupsPanel } from '../../features/taxonomy-desk/category-groups-panel.tsx';
import { CategoryTreeEditor } from '../../features/taxonomy-desk/category-tree-editor.tsx';
import { NewCategoryForm } from '../../features/taxonomy-desk/new-category-form.tsx';
import { useCategoryDesk } from '../../features/taxonomy-desk/use-category-desk.ts';
import type { PageProps } from '../../pages/page-props.ts';

/** /admin/categories: 分类管理 — the shop's category tree and the menu groups. */
export function AdminCategoriesPage({ data }: PageProps<CategoryDeskPageData>) {
  const { desk, notice, isBusy, run } = useCategoryDesk(data.desk);
  return (
    <AdminLayout staff={data.staff} menu={data.menu} current={categoryDeskPath}>
      <section className="admin-card taxonomy-desk">
        <h1>分类管理</h1>
        <p className="admin-notice" role="status">
          {notice}
        </p>
        <CategoryGroupsPanel desk={desk} run={run} isBusy={isBusy} />
        <NewCategoryForm desk={desk} run={run} isBusy={isBusy} />
        <CategoryTreeEditor desk={desk} run={run} isBusy={isBusy} />
      </section>
    </AdminLayout>
  );
}
