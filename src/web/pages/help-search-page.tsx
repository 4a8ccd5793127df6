import { helpPaths, type HelpSearchData } from '../../contract/help.ts';
import { HelpLayout } from '../features/help/help-layout.tsx';
import { SnippetText } from '../features/help/snippet-text.tsx';
import { PageShell } from '../shell/page-shell.tsx';
import { Breadcrumb } from '../ui/breadcrumb.tsx';
import type { PageProps } from './page-props.ts';

/** /serve/search?keyword=: help articles whose title or text holds the keyword, the keyword marked. */
export function HelpSearchPage({ shell, data }: PageProps<HelpSearchData>) {
  return (
    <PageShell shell={shell}>
      <Breadcrumb items={[{ label: '帮助中心', href: helpPaths.page('order_step') }, { label: '搜索结果' }]} />
      <HelpLayout menu={data.menu} currentUrl={helpPaths.search} keyword={data.keyword} hotline={shell.hotline} hours={shell.footerData.hours}>
        <section className="help-results">
          <h1 className="help-results__head">
            {data.keyword === '' ? (
              '请输入要搜索的问题'
            ) : (
              <>
                “<em>{data.keyword}</em>”的搜索结果，共 <span data-testid="help-hit-count">{data.hits.length}</span> 篇
              </>
            )}
          </h1>
          {data.keyword !== '' && data.hits.length === 0 && (
            <div className="help-results__empty">{`没有找到与“${data.keyword}”相关的帮助，换个关键词试试，或拨打客服热线 ${shell.hotline} 咨询。`}</div>
          )}
          <ol className="help-results__list">
            {data.hits.map((hit) => (
              <li key={hit.slug} className="help-hit" data-testid="help-hit">
                <a className="help-hit__title" href={helpPaths.page(hit.slug)}>
                  <SnippetText parts={hit.title} />
                </a>
                <span className="help-hit__group">{hit.groupName}</span>
                <p className="help-hit__snippet">
                  <SnippetText parts={hit.snippet} />
                </p>
              </li>
            ))}
          </ol>
        </section>
      </HelpLayout>
    </PageShell>
  );
}
