import { contentDeskPaths, type ContentHelpPageData } from '../../contract/admin-content.ts';
import { ContentDeskLayout } from '../features/content-desk/content-desk-layout.tsx';
import type { PageProps } from './page-props.ts';

export function AdminContentHelpPage({ data }: PageProps<ContentHelpPageData>) {
  return (
    <ContentDeskLayout data={data} current={contentDeskPaths.help}>
      <section className="admin-card" />
    </ContentDeskLayout>
  );
}
