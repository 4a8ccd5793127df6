import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TopBannerAd } from './top-banner-ad.tsx';

describe('the top advert', () => {
  it('asks for its picture first: it is the largest picture above the fold of most pages (Lighthouse: LCP request discovery)', () => {
    const ad = { adPosId: 1, isOpen: true, openType: true, picFilePath: '/ad-top.svg', clickUrl: '/coupon', backgroundColor: '' };
    const html = renderToString(<TopBannerAd ad={ad} qiniuImgAddress="/img/content" />);
    expect(html).toMatch(/<img class="top-ad__picture"[^>]* fetchpriority="high"/i);
    expect(html).not.toContain('loading="lazy"');
  });
});
