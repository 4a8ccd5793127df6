import { contentDeskPaths, type ContentSitePageData } from '../../contract/admin-content.ts';
import { ContentDeskLayout } from '../features/content-desk/content-desk-layout.tsx';
import type { PageProps } from './page-props.ts';

export function AdminContentSitePage({ data }: PageProps<ContentSitePageData>) {
  return (
    <ContentDeskLayout data={data} current={contentDeskPaths.site}>
      <section className="admin-card" />
    </ContentDeskLayout>
  );
}
