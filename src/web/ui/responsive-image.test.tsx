import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ResponsiveImage } from './responsive-image.tsx';

const upload = '/img/cms/0123456789abcdef0123456789abcdef.png';

describe('ResponsiveImage', () => {
  it('gives the priority picture a srcset, its size and a high fetch priority, never lazy', () => {
    const html = renderToStaticMarkup(<ResponsiveImage src={upload} alt="活动图1" width={730} height={450} sizes="730px" isPriority />);
    expect(html).toContain(`srcSet="${upload}?w=480 480w, ${upload}?w=730 730w, ${upload}?w=1080 1080w, ${upload}?w=1460 1460w"`);
    expect(html).toContain('sizes="730px"');
    expect(html).toContain('width="730"');
    expect(html).toContain('height="450"');
    expect(html).toContain('fetchPriority="high"');
    expect(html).not.toContain('loading=');
  });

  it('loads the others lazily and decodes them off the main thread; a drawing has no srcset', () => {
    const html = renderToStaticMarkup(<ResponsiveImage src="/static/banners/banner-bom.svg" alt="活动图2" width={730} height={450} sizes="730px" />);
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('decoding="async"');
    expect(html).not.toContain('srcSet');
    expect(html).not.toContain('sizes=');
  });
});
