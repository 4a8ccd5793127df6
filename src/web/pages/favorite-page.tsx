import { favoriteListHref, favoritePageSizes, favoritePath, maxFavoriteKeywordLength, type FavoriteListData } from '../../contract/favorite.ts';
import { FavoriteRow } from '../features/favorite/favorite-row.tsx';
import { useFavorites } from '../features/favorite/use-favorites.ts';
import { MemberCentreLayout } from '../features/member/member-centre-layout.tsx';
import { PageShell } from '../shell/page-shell.tsx';
import type { PageProps } from './page-props.ts';
import { Pagination } from '../ui/pagination.tsx';

function EmptyState({ keyword }: { keyword: string }) {
  return (
    <p className="favorite-empty" data-testid="favorite-empty">
      {keyword ? (
        <>
          {`没有找到与“${keyword}”相关的收藏，`}
          <a href={favoritePath}>查看全部收藏</a>
        </>
      ) : (
        <>
          您还没有收藏任何商品，<a href="/search">去搜索商品</a>
        </>
      )}
    </p>
  );
}
/** The heading with the count and the search over the member's favourites (a plain GET form). */
function FavoritesHead({ data }: { data: FavoriteListData }) {
  return (
    <header className="favorites__head">
      <h1 className="person-panel__title">{`我的收藏（${String(data.total)}）`}</h1>
      <form className="favorites__search" method="get" action={favoritePath} role="search">
        <input
          type="search"
          name="q"
          defaultValue={data.keyword}
          maxLength={maxFavoriteKeywordLength}
          placeholder="型号 / 品牌 / 描述"
          aria-label="在收藏中搜索"
        />
        {data.pageSize !== favoritePageSizes[0] && <input type="hidden" name="size" value={data.pageSize} />}
        <button type="submit" className="button button--primary">
          搜索
        </button>
      </form>
    </header>
  );
}

/** /user/favorite: the member's favourite parts, searchable and paged through the URL, with alerts and add to cart. */
export function FavoritePage({ shell, data: initial }: PageProps<FavoriteListData>) {
  const { data, selected, isBusy, remove, setAlert, toggle, toggleAll } = useFavorites(initial);
  const isAllSelected = data.items.length > 0 && data.items.every((item) => selected.has(item.productId));
  return (
    <PageShell shell={shell}>
      <MemberCentreLayout current="/user/favorite">
        <section className="person-panel favorites" aria-label="我的收藏">
          <FavoritesHead data={data} />
          {data.items.length === 0 ? (
            <EmptyState keyword={data.keyword} />
          ) : (
            <>
              <div className="favorites__toolbar">
                <label>
                  <input type="checkbox" checked={isAllSelected} onChange={(event) => toggleAll(event.target.checked)} disabled={isBusy} /> 全选
                </label>
                <button type="button" className="link-button" onClick={() => void remove([...selected])} disabled={isBusy}>
                  删除所选
                </button>
                <label className="favorites__size">
                  每页
                  <select
                    value={data.pageSize}
                    aria-label="每页条数"
                    onChange={(event) => window.location.assign(favoriteListHref({ ...data, page: 1, pageSize: Number(event.target.value) === 20 ? 20 : 10 }))}
                  >
                    {favoritePageSizes.map((size) => (
                      <option key={size} value={size}>
                        {size}条
                      </option>
                    ))}
                  </select>
                </label>
              </div>
              <table className="favorites__table">
                <thead>
                  <tr>
                    <th aria-label="选择" />
                    <th>商品</th>
                    <th>品牌</th>
                    <th>封装</th>
                    <th>单价(1个)</th>
                    <th>库存</th>
                    <th>收藏时间</th>
                    <th>提醒</th>
                    <th>操作</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((item) => (
                    <FavoriteRow
                      key={item.productId}
                      item={item}
                      qiniuImgAddress={shell.qiniuImgAddress}
                      isSelected={selected.has(item.productId)}
                      isBusy={isBusy}
                      onSelect={(isOn) => toggle(item.productId, isOn)}
                      onRemove={() => void remove([item.productId])}
                      onAlert={(alerts) => void setAlert(item, alerts)}
                    />
                  ))}
                </tbody>
              </table>
              <Pagination page={data.page} total={data.total} pageSize={data.pageSize} hrefFor={(page) => favoriteListHref({ ...data, page })} unit="个收藏" />
            </>
          )}
        </section>
      </MemberCentreLayout>
    </PageShell>
  );
}
