import { searchPageSize, searchParamsUrl, searchUrl, maxSearchPage, type SearchResult } from '../../contract/search.ts';
import { Pagination } from '../ui/pagination.tsx';
import { highlightTerms } from '../features/search/highlight.ts';
import { SearchFacets } from '../features/search/search-facets.tsx';
import { SearchNoResult } from '../features/search/search-no-result.tsx';
import { SearchResultList } from '../features/search/search-result-list.tsx';
import { SearchSortBar } from '../features/search/search-sort-bar.tsx';
import { CompareBar } from '../features/compare/compare-bar.tsx';
import { PageShell } from '../shell/page-shell.tsx';
import { Breadcrumb } from '../ui/breadcrumb.tsx';
import type { PageProps } from './page-props.ts';

export type SearchPageData = SearchResult;

const examples = ['STM32F103C8T6', '10k 0603 1%', '100nF 50V', '德州仪器', '贴片电阻', 'LM358'];

function SearchPrompt({ notice }: { notice: string }) {
  return (
    <section className="search-empty">
      <h1 className="search-empty__title">{notice || '请输入型号、品牌、分类或参数进行搜索'}</h1>
      <p className="search-empty__examples">
        试试：
        {examples.map((example) => (
          <a key={example} href={searchUrl(example)}>
            {example}
          </a>
        ))}
      </p>
    </section>
  );
}

/** /search?key=…: the parts matching a keyword, with filters, sorting and pages all in the URL. */
export function SearchPage({ shell, data }: PageProps<SearchPageData>) {
  const { params, total } = data;
  const isFiltered = params.categoryId !== null || params.brandId !== null || params.package !== null || params.isInStock;
  const terms = highlightTerms(params.key);
  const pageCount = Math.min(maxSearchPage, Math.ceil(total / searchPageSize));
  let body;
  if (!params.key || data.notice) body = <SearchPrompt notice={data.notice} />;
  else if (total === 0 && !isFiltered) body = <SearchNoResult keyword={params.key} nearMatches={data.nearMatches} />;
  else
    body = (
      <>
        <h1 className="search-summary">
          搜索“<em>{params.key}</em>”，共找到 <strong>{total}</strong> 个相关商品
        </h1>
        <SearchFacets result={data} />
        <SearchSortBar params={params} total={total} />
        {data.list.length > 0 ? (
          <SearchResultList products={data.list} terms={terms} qiniuImgAddress={shell.qiniuImgAddress} />
        ) : (
          <p className="search-results__none">
            当前筛选条件下没有商品，<a href={searchUrl(params.key)}>清除筛选条件</a>
          </p>
        )}
        <Pagination
          page={params.page}
          total={Math.min(total, pageCount * searchPageSize)}
          pageSize={searchPageSize}
          hrefFor={(page) => searchParamsUrl({ ...params, page })}
          unit="个商品"
        />
        {total > maxSearchPage * searchPageSize && <p className="search-results__capped">仅显示前 {maxSearchPage} 页结果，请使用上方筛选条件缩小范围。</p>}
      </>
    );
  return (
    <PageShell shell={shell}>
      <div className="search-page">
        <Breadcrumb items={[{ label: '搜索结果' }]} />
        {body}
      </div>
      <CompareBar />
    </PageShell>
  );
}
