import { contentDeskPaths, type ContentNewsPageData } from '../../contract/admin-content.ts';
import { ContentDeskLayout } from '../features/content-desk/content-desk-layout.tsx';
import type { PageProps } from './page-props.ts';

export function AdminContentNewsPage({ data }: PageProps<ContentNewsPageData>) {
  return (
    <ContentDeskLayout data={data} current={contentDeskPaths.news}>
      <section className="admin-card" />
    </ContentDeskLayout>
  );
}
