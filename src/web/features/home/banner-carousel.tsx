import { useState, type ReactNode } from 'react';
import { imageUrl } from '../../../contract/content.ts';
import { homeLimits, type BannerItem } from '../../../contract/home.ts';
import { Carousel } from '../../ui/carousel.tsx';
import { linkTargetOf } from '../../ui/link-target.ts';
import { ResponsiveImage } from '../../ui/responsive-image.tsx';

/** The main banner: autoplay every 5 s; the band behind it takes the current slide's colour. */
export function BannerCarousel({
  banners,
  qiniuImgAddress,
  qiniuImageDomain,
  children,
}: {
  banners: BannerItem[];
  qiniuImgAddress: string;
  qiniuImageDomain?: string;
  children: ReactNode;
}) {
  const [selected, setSelected] = useState(0);
  const bannerColor = banners[selected]?.backgroundColor;
  // No banner, or one without a colour: the store's blue.
  const backgroundColor = bannerColor === undefined || bannerColor === '' ? '#1e50ae' : bannerColor;
  return (
    <section className="home-banner" data-section="banner" style={{ backgroundColor, boxShadow: `0 0 0 100vmax ${backgroundColor}` }}>
      <div className="home-banner__menu-space" aria-hidden="true" />
      <div className="home-banner__stage">
        {banners.length > 0 ? (
          <Carousel
            autoplayMs={homeLimits.bannerAutoplayMs}
            hasDots
            hasArrows
            label="首页轮播图"
            testId="banner-carousel"
            className="banner-carousel"
            onSelect={setSelected}
          >
            {banners.map((banner, index) => (
              <a key={index} className="banner-carousel__link" href={banner.clickUrl} {...linkTargetOf(banner.openType)} data-testid="banner-link">
                <ResponsiveImage
                  src={imageUrl(qiniuImgAddress, banner.picFilePath)}
                  alt={`活动图${index + 1}`}
                  width={730}
                  height={450}
                  sizes="730px"
                  qiniuImageDomain={qiniuImageDomain}
                  isPriority={index === 0}
                />
              </a>
            ))}
          </Carousel>
        ) : (
          <div className="banner-carousel banner-carousel--empty">现货元器件 · 原厂正品 · 2小时发货</div>
        )}
      </div>
      <aside className="home-banner__side">{children}</aside>
    </section>
  );
}
