import { productDetailPath } from '../../../contract/catalog.ts';
import { imageUrl } from '../../../contract/content.ts';
import { homeLimits, type DisplayProduct } from '../../../contract/home.ts';
import { formatUnitPriceE4, yuanToE4 } from '../../../contract/money.ts';
import { Carousel } from '../../ui/carousel.tsx';
import { loadingOf } from '../../ui/responsive-image.tsx';
import { ServerMarkup } from '../../ui/server-markup.tsx';

function ProductCard({ product, qiniuImgAddress }: { product: DisplayProduct; qiniuImgAddress: string }) {
  const cornerIcon = product.imagesIcons.leftTop?.picFile.filePath;
  return (
    <a className="stand-card" href={productDetailPath(product.productId)} data-testid="stand-product">
      <span className="stand-card__picture">
        {product.filePath ? (
          <img src={imageUrl(qiniuImgAddress, product.filePath)} alt={product.factoryCode} width={120} height={120} {...loadingOf(false)} />
        ) : (
          <span className="stand-card__no-picture">暂无图片</span>
        )}
        {cornerIcon && (
          <img
            className="stand-card__corner"
            src={imageUrl(qiniuImgAddress, cornerIcon)}
            alt="特价"
            width={48}
            height={48}
            {...loadingOf(false)}
            data-testid="special-offer-icon"
          />
        )}
      </span>
      {product.label && <span className="stand-card__label">{product.label}</span>}
      <strong className="stand-card__code" title={product.factoryCode}>
        {product.factoryCode}
      </strong>
      <span className="stand-card__brand" title={product.brandName}>
        {product.brandName}
      </span>
      <span className="stand-card__price">
        {formatUnitPriceE4(yuanToE4(product.price))}
        <small>起</small>
      </span>
    </a>
  );
}

/** The product display stand: one slide per group, autoplay every 3 s; arrows only with 2 or more slides. */
export function ProductStand({ slides, qiniuImgAddress }: { slides: DisplayProduct[][]; qiniuImgAddress: string }) {
  return (
    <section className="home-section product-stand" data-section="products" data-testid="product-stand">
      <div className="home-section__head">
        <h2 className="home-section__title">
          精选现货<small>原厂正品 · 现货 2 小时发货</small>
        </h2>
        <a className="home-section__more" href="/product/discount?subject=A01">
          更多特价 ›
        </a>
      </div>
      {slides.length > 0 ? (
        <Carousel autoplayMs={homeLimits.productAutoplayMs} hasArrows label="精选现货" testId="product-carousel" className="product-carousel">
          {slides.map((slide, index) => (
            <ServerMarkup className="stand-slide" key={index} cacheKey={{ of: slide, name: `stand-slide ${qiniuImgAddress}` }}>
              {(typeof __SERVER_RENDER__ === 'undefined' || __SERVER_RENDER__) &&
                slide.map((product) => <ProductCard key={product.productId} product={product} qiniuImgAddress={qiniuImgAddress} />)}
            </ServerMarkup>
          ))}
        </Carousel>
      ) : (
        <p className="home-section__empty">暂无推荐商品</p>
      )}
    </section>
  );
}
