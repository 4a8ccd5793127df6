import type { MobileSearchData } from '../../contract/mobile.ts';
import { mobileSearchPath } from '../../contract/mobile.ts';
import { searchCalls } from '../../contract/search-calls.ts';
import { searchParamsUrl, type SearchParams, type SearchProduct } from '../../contract/search.ts';
import { callApi } from '../lib/api-client.ts';
import { MobileFrame } from '../features/mobile/mobile-frame.tsx';
import { MobilePartList } from '../features/mobile/mobile-part-list.tsx';
import { MobileSearchBox } from '../features/mobile/mobile-search-box.tsx';
import { useLoadMore } from '../features/mobile/use-load-more.ts';
import type { PageProps } from './page-props.ts';

const sorts: { sort: SearchParams['sort']; label: string }[] = [
  { sort: 0, label: '综合' },
  { sort: 1, label: '价格↑' },
  { sort: 2, label: '价格↓' },
  { sort: 3, label: '库存' },
];
/** The results after the first page, each further page from the search call. */
function useSearchResults({ result }: MobileSearchData) {
  const { params } = result;
  return useLoadMore<SearchProduct>({ items: result.list, page: params.page, pageSize: result.pageSize, total: result.total }, async (page) => {
    const next = await callApi(searchCalls.searchProductList, {
      key: params.key,
      categoryId: params.categoryId,
      brandId: params.brandId,
      package: params.package,
      stock: params.isInStock ? 1 : 0,
      sort: params.sort,
      page,
    });
    return next.list;
  });
}

/** Why nothing matched, with the near matches as links. */
function NoResult({ data }: { data: MobileSearchData }) {
  const { result, basePath } = data;
  const { params } = result;
  return (
    <div className="m-no-result" data-testid="m-no-result">
      <p>
        抱歉，没有找到与“<em>{params.key}</em>”相关的商品
      </p>
      <p className="m-no-result__tip">请检查型号拼写，或只输入型号的前几位，如“STM32F103”。</p>
      {result.nearMatches.length > 0 && (
        <>
          <h2>您是不是要找：</h2>
          <ul>
            {result.nearMatches.map((match) => (
              <li key={match.key}>
                <a href={mobileSearchPath(basePath, match.key)}>{match.key}</a>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** /m/search?key=…: the box with suggestions, sort and stock choices, results with 加载更多, or why nothing matched. */
export function MobileSearchPage({ shell, data }: PageProps<MobileSearchData>) {
  const { result, basePath } = data;
  const { params } = result;
  const hrefOf = (change: Partial<SearchParams>) => `${basePath}${searchParamsUrl({ ...params, page: 1, ...change })}`;
  const more = useSearchResults(data);
  return (
    <MobileFrame shell={shell} title="搜索" backHref={basePath} basePath={basePath} hidesSearchEntry>
      <MobileSearchBox basePath={basePath} initialKeyword={params.key} />
      {result.notice && (
        <p className="m-notice-text" role="alert">
          {result.notice}
        </p>
      )}
      {params.key && !result.notice && (
        <section className="m-results" aria-label="搜索结果" data-testid="m-search-results">
          <div className="m-toolbar">
            <p className="m-toolbar__total">
              共 <strong data-testid="m-search-total">{result.total}</strong> 个结果
            </p>
            <nav className="m-toolbar__sorts" aria-label="排序">
              {sorts.map((item) => (
                <a key={item.sort} href={hrefOf({ sort: item.sort })} aria-current={params.sort === item.sort ? 'true' : undefined}>
                  {item.label}
                </a>
              ))}
              <a href={hrefOf({ isInStock: !params.isInStock })} aria-current={params.isInStock ? 'true' : undefined} data-testid="m-stock-only">
                仅看现货
              </a>
            </nav>
          </div>
          {result.total > 0 ? (
            <>
              <MobilePartList parts={more.items} shell={shell} basePath={basePath} />
              {more.hasMore && (
                <a
                  className="m-more"
                  href={`${basePath}${searchParamsUrl({ ...params, page: more.page + 1 })}`}
                  aria-busy={more.isLoading}
                  data-testid="m-load-more"
                  onClick={(event) => {
                    event.preventDefault();
                    more.loadNext();
                  }}
                >
                  {more.isLoading ? '加载中…' : '加载更多'}
                </a>
              )}
            </>
          ) : (
            <NoResult data={data} />
          )}
        </section>
      )}
    </MobileFrame>
  );
}
