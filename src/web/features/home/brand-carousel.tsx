import { brandPath } from '../../../contract/catalog.ts';
import { imageUrl } from '../../../contract/content.ts';
import { homeLimits, type PartnerBrand } from '../../../contract/home.ts';
import { Carousel } from '../../ui/carousel.tsx';
import { loadingOf } from '../../ui/responsive-image.tsx';
import { ServerMarkup } from '../../ui/server-markup.tsx';

function BrandLogo({ brand, qiniuImgAddress }: { brand: PartnerBrand; qiniuImgAddress: string }) {
  return (
    <li>
      <a href={brandPath(brand.brandId)} title={brand.brandName} data-testid="brand-link">
        {brand.brandImgName ? (
          <img src={imageUrl(qiniuImgAddress, brand.brandImgName)} alt={brand.brandName} width={150} height={60} {...loadingOf(false)} />
        ) : (
          <span className="brand-slide__name">{brand.brandName}</span>
        )}
      </a>
    </li>
  );
}

/** Partner brands, one group per slide, autoplay every 5 s; each → /brand/{brandId}, more → /brand. */
export function BrandCarousel({ slides, qiniuImgAddress }: { slides: PartnerBrand[][]; qiniuImgAddress: string }) {
  return (
    <section className="home-section brand-wall" data-section="brands" data-testid="brand-wall">
      <div className="home-section__head">
        <h2 className="home-section__title">
          合作品牌<small>原厂及一级代理授权</small>
        </h2>
        <a className="home-section__more" href="/brand" data-testid="brand-more">
          更多品牌 ›
        </a>
      </div>
      {slides.length > 0 ? (
        <Carousel autoplayMs={homeLimits.brandAutoplayMs} hasDots label="合作品牌" testId="brand-carousel" className="brand-carousel">
          {slides.map((slide, index) => (
            <ServerMarkup as="ul" className="brand-slide" key={index} cacheKey={{ of: slide, name: `brand-slide ${qiniuImgAddress}` }}>
              {(typeof __SERVER_RENDER__ === 'undefined' || __SERVER_RENDER__) &&
                slide.map((brand) => <BrandLogo key={brand.brandId} brand={brand} qiniuImgAddress={qiniuImgAddress} />)}
            </ServerMarkup>
          ))}
        </Carousel>
      ) : (
        <p className="home-section__empty">暂无合作品牌</p>
      )}
    </section>
  );
}
