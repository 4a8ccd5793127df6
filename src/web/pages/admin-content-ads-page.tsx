import { contentDeskPaths, type ContentAdsPageData } from '../../contract/admin-content.ts';
import { ContentDeskLayout } from '../features/content-desk/content-desk-layout.tsx';
import type { PageProps } from './page-props.ts';

export function AdminContentAdsPage({ data }: PageProps<ContentAdsPageData>) {
  return (
    <ContentDeskLayout data={data} current={contentDeskPaths.ads}>
      <section className="admin-card" />
    </ContentDeskLayout>
  );
}
