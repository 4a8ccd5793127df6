import type { ReactNode } from 'react';
import { contentDeskPaths, contentDeskTabs, type ContentDeskPageBase } from '../../../contract/console/content.ts';
import { AdminLayout } from '../staff/admin-layout.tsx';

/** The console frame with the content desk's own tabs and the home preview link. */
export function ContentDeskLayout({ data, current, children }: { data: ContentDeskPageBase; current: string; children: ReactNode }) {
  return (
    <AdminLayout staff={data.staff} menu={data.menu} current={contentDeskPaths.home}>
      <nav className="content-desk-tabs" aria-label="内容管理">
        {contentDeskTabs.map((tab) => (
          <a key={tab.href} href={tab.href} className={tab.href === current ? 'content-desk-tabs__item is-current' : 'content-desk-tabs__item'}>
            {tab.label}
          </a>
        ))}
        <a className="content-desk-tabs__preview" href={contentDeskPaths.preview} target="_blank" rel="noopener noreferrer">
          预览首页（含草稿）
        </a>
      </nav>
      {children}
    </AdminLayout>
  );
}
