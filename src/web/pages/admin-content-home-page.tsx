import { contentDeskPaths, type ContentHomePageData } from '../../contract/admin-content.ts';
import { ContentDeskLayout } from '../features/content-desk/content-desk-layout.tsx';
import type { PageProps } from './page-props.ts';

export function AdminContentHomePage({ data }: PageProps<ContentHomePageData>) {
  return (
    <ContentDeskLayout data={data} current={contentDeskPaths.home}>
      <section className="admin-card" />
    </ContentDeskLayout>
  );
}
