import { helpPaths, type HelpPageData } from '../../contract/help.ts';
import { formatBeijingDate } from '../../contract/time.ts';
import { HelpFactsBlock } from '../features/help/help-facts.tsx';
import { HelpHtml } from '../features/help/help-html.tsx';
import { HelpLayout } from '../features/help/help-layout.tsx';
import { HelpfulVote } from '../features/help/helpful-vote.tsx';
import { PageShell } from '../shell/page-shell.tsx';
import { Breadcrumb } from '../ui/breadcrumb.tsx';
import type { PageProps } from './page-props.ts';

/** /serve/<slug>: a help article (sanitised HTML from the database) and the store's real terms it explains. */
export function HelpPage({ shell, data }: PageProps<HelpPageData>) {
  const { article } = data;
  const url = helpPaths.page(article.slug);
  return (
    <PageShell shell={shell}>
      <Breadcrumb items={[{ label: '帮助中心', href: helpPaths.page('order_step') }, { label: article.groupName }, { label: article.title }]} />
      <HelpLayout menu={data.menu} currentUrl={url} hotline={shell.hotline} hours={shell.footerData.hours}>
        <article className="help-article">
          <header className="help-article__head">
            <h1>{article.title}</h1>
            <span className="help-article__date">更新于 {formatBeijingDate(article.updatedAt)}</span>
          </header>
          {/* Sanitised on the server (help-html.ts) when saved and again when read. */}
          <HelpHtml className="help-article__body" html={article.bodyHtml} />
          {data.facts && <HelpFactsBlock facts={data.facts} />}
          <HelpfulVote slug={article.slug} initial={data.votes} />
        </article>
      </HelpLayout>
    </PageShell>
  );
}
