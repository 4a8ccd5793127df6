import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Carousel } from './carousel.tsx';

function render(slideCount: number, options: { hasArrows?: boolean; hasDots?: boolean } = {}): string {
  const slides = Array.from({ length: slideCount }, (_, index) => <p key={index}>第{index + 1}页</p>);
  return renderToString(
    <Carousel autoplayMs={3000} label="测试" {...options}>
      {slides}
    </Carousel>,
  );
}

const arrowCount = (html: string) => html.match(/carousel__arrow--/g)?.length ?? 0;
const dotCount = (html: string) => html.match(/class="carousel__dot( |")/g)?.length ?? 0;

describe('carousel markup', () => {
  it('renders one slide element per child, the first one selected', () => {
    const html = render(3);
    expect(html.match(/class="carousel__slide"/g)).toHaveLength(3);
    expect(html).toContain('data-selected-index="0"');
    expect(html).toContain('aria-label="第 3 张，共 3 张"');
    expect(html.match(/role="group" aria-roledescription="slide"/g)).toHaveLength(3);
  });

  it('shows no arrows for a single slide', () => {
    expect(arrowCount(render(1, { hasArrows: true }))).toBe(0);
  });

  it('shows both arrows from 2 slides on', () => {
    expect(arrowCount(render(2, { hasArrows: true }))).toBe(2);
    expect(arrowCount(render(4, { hasArrows: true }))).toBe(2);
  });

  it('shows arrows only when asked for', () => {
    expect(arrowCount(render(4))).toBe(0);
  });

  it('shows one dot per slide from 2 slides on, the first marked current', () => {
    expect(dotCount(render(1, { hasDots: true }))).toBe(0);
    const html = render(3, { hasDots: true });
    expect(dotCount(html)).toBe(3);
    expect(html).toContain('carousel__dot carousel__dot--selected');
  });

  it('is not ready before scripts take over', () => {
    expect(render(2)).toContain('data-ready="false"');
  });

  it('has a 暂停轮播 button and keeps its slides silent while it rotates, from 2 slides on', () => {
    const html = render(3);
    expect(html).toContain('aria-label="暂停轮播"');
    expect(html).toContain('aria-live="off"');
  });

  it('has no play button for a single slide, which is announced politely', () => {
    const html = render(1);
    expect(html).not.toContain('carousel__play');
    expect(html).toContain('aria-live="polite"');
  });
});
