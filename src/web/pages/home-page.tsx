import { useEffect } from 'react';
import type { HomeData } from '../../contract/home.ts';
import { rememberInviter } from '../features/account/inviter.ts';
import { AboutBanner } from '../features/home/about-banner.tsx';
import { BannerCarousel } from '../features/home/banner-carousel.tsx';
import { BrandCarousel } from '../features/home/brand-carousel.tsx';
import { BulletinBoard } from '../features/home/bulletin-board.tsx';
import { NewsColumns } from '../features/home/news-columns.tsx';
import { PopupAd } from '../features/content/popup-ad.tsx';
import { ProductStand } from '../features/home/product-stand.tsx';
import { PromoRow } from '../features/home/promo-row.tsx';
import { QuickRegisterPopup } from '../features/home/quick-register-popup.tsx';
import { UserCard } from '../features/home/user-card.tsx';
import { PageShell } from '../shell/page-shell.tsx';
import type { PageProps } from './page-props.ts';

/** The home page (spec §2): banner with bulletin and user card, promos, order statistics, display stand, brands, news, about. */
export function HomePage({ shell, data }: PageProps<HomeData>) {
  useEffect(() => {
    // Spec §4: a non-empty inviter in the page query is kept for a later registration.
    if (data.inviter) rememberInviter(data.inviter);
  }, [data.inviter]);
  const popupAd = shell.advertisingInfo.popup;
  return (
    <PageShell shell={shell}>
      <div className="home" data-testid="home">
        <BannerCarousel banners={data.bannerList} qiniuImgAddress={shell.qiniuImgAddress} qiniuImageDomain={shell.qiniuImageDomain}>
          <UserCard
            userInfo={data.userInfo}
            greetings={data.greetings}
            siteName={shell.siteName}
            currentPath={shell.currentPath}
            qiniuImgAddress={shell.qiniuImgAddress}
            inviter={data.inviter}
          />
          <BulletinBoard news={data.newsList} />
        </BannerCarousel>
        <PromoRow orders={data.orderStatisticsList} />
        <ProductStand slides={data.productList} qiniuImgAddress={shell.qiniuImgAddress} />
        <BrandCarousel slides={data.brandList} qiniuImgAddress={shell.qiniuImgAddress} />
        <NewsColumns informationList={data.informationList} articleList={data.articleList} />
        <AboutBanner siteName={shell.siteName} />
        {popupAd && popupAd.isOpen && <PopupAd ad={popupAd} qiniuImgAddress={shell.qiniuImgAddress} />}
        {!data.isLogin && <QuickRegisterPopup inviter={data.inviter} />}
      </div>
    </PageShell>
  );
}
