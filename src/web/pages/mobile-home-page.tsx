import { useState, type SubmitEvent } from 'react';
import { imageUrl } from '../../contract/content.ts';
import { mobileChoosePath, mobileProductPath, mobileSearchPath, type MobileHomeData } from '../../contract/mobile.ts';
import { mobileBuyPaths } from '../../contract/mobile-buy.ts';
import { formatUnitPriceE4, yuanToE4 } from '../../contract/money.ts';
import { newsPath } from '../../contract/news.ts';
import { linkTargetOf } from '../ui/link-target.ts';
import { MobileFrame } from '../features/mobile/mobile-frame.tsx';
import type { PageProps } from './page-props.ts';
import { loadingOf, ResponsiveImage } from '../ui/responsive-image.tsx';

const shownCategories = 9;
/** Category tiles cycle through this many colours (mobile.css). */
const iconTones = 5;

/** A search box whose results are the mobile search page; an empty keyword does nothing (spec §5). */
function SearchForm({ basePath }: { basePath: string }) {
  const [keyword, setKeyword] = useState('');
  function search(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (keyword.trim()) window.location.assign(mobileSearchPath(basePath, keyword.trim()));
  }
  return (
    <form className="m-search" action={`${basePath}/search`} method="get" role="search" onSubmit={search}>
      <input
        name="key"
        type="search"
        enterKeyHint="search"
        autoComplete="off"
        placeholder="搜索型号、品牌、参数"
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
        aria-label="搜索关键词"
      />
      <button type="submit">搜索</button>
    </form>
  );
}

/** The way into BOM配单 from the phone's home. */
function BomEntry({ basePath }: { basePath: string }) {
  return (
    <a className="m-quick" href={mobileBuyPaths(basePath).bom} data-testid="m-bom-entry">
      <span className="m-quick__icon" aria-hidden="true">
        BOM
      </span>
      <span className="m-quick__text">
        <strong>BOM配单</strong>
        <small>粘贴型号清单或上传 BOM，一键配齐加入购物车</small>
      </span>
      <span className="m-quick__go" aria-hidden="true">
        ›
      </span>
    </a>
  );
}

/** The mobile home page: search, categories, BOM配单, banner, the latest announcements and the display stand's parts. */
export function MobileHomePage({ shell, data }: PageProps<MobileHomeData>) {
  const categories = shell.headerData.categoryList.flatMap((group) => group.categoryList).slice(0, shownCategories);
  return (
    <MobileFrame shell={shell} basePath={data.basePath}>
      <h1 className="m-visually-hidden">{shell.siteName}手机版</h1>
      <SearchForm basePath={data.basePath} />
      {data.bannerList.length > 0 && (
        // Swiped with CSS scroll snapping: no carousel script on the phone.
        <section className="m-banner" aria-label="首页活动" data-testid="m-banner">
          {data.bannerList.map((banner, index) => (
            <a key={index} href={banner.clickUrl} {...linkTargetOf(banner.openType)} style={{ backgroundColor: banner.backgroundColor }}>
              <ResponsiveImage
                src={imageUrl(shell.qiniuImgAddress, banner.picFilePath)}
                alt={`活动图${index + 1}`}
                width={730}
                height={450}
                sizes="100vw"
                qiniuImageDomain={shell.qiniuImageDomain}
                isPriority={index === 0}
              />
            </a>
          ))}
        </section>
      )}
      <nav className="m-categories" aria-label="商品分类" data-testid="m-categories">
        {categories.map((category, index) => (
          <a key={category.categoryId} href={mobileChoosePath(data.basePath, category.categoryId)}>
            <span className={`m-categories__icon m-categories__icon--${index % iconTones}`} aria-hidden="true">
              {category.categoryName.slice(0, 2)}
            </span>
            <span className="m-categories__name">{category.categoryName}</span>
          </a>
        ))}
        <a href={`${data.basePath}/catalogue`}>
          <span className="m-categories__icon m-categories__icon--all" aria-hidden="true">
            ⋯
          </span>
          <span className="m-categories__name">全部分类</span>
        </a>
      </nav>
      <BomEntry basePath={data.basePath} />
      {data.newsList.length > 0 && (
        <section className="m-notice" aria-label="网站公告">
          <span className="m-notice__tag">公告</span>
          <a href={newsPath(data.newsList[0]?.newsId ?? 0)}>{data.newsList[0]?.title}</a>
        </section>
      )}
      <section className="m-products" data-testid="m-products">
        <h2>精选现货</h2>
        {data.productList.length > 0 ? (
          <ul>
            {data.productList.map((product) => (
              <li key={product.productId}>
                <a href={mobileProductPath(data.basePath, product.productId)} data-testid="m-product">
                  {product.filePath ? (
                    <img src={imageUrl(shell.qiniuImgAddress, product.filePath)} alt={product.factoryCode} width={72} height={72} {...loadingOf(false)} />
                  ) : (
                    <span className="m-products__no-picture">暂无图片</span>
                  )}
                  <span className="m-products__info">
                    <strong>{product.factoryCode}</strong>
                    <span>{product.brandName}</span>
                    <em>
                      {formatUnitPriceE4(yuanToE4(product.price))}
                      <small>起</small>
                    </em>
                  </span>
                  {product.label && <span className="m-products__label">{product.label}</span>}
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p className="m-empty">暂无推荐商品</p>
        )}
      </section>
    </MobileFrame>
  );
}
