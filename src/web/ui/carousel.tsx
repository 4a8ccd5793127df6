import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { Children, useCallback, useEffect, useMemo, useState, type CSSProperties, type ReactNode } from 'react';

interface CarouselProps {
  /** One child per slide. */
  children: ReactNode;
  /** Milliseconds each slide stays before the next one. */
  autoplayMs: number;
  axis?: 'x' | 'y';
  /** Previous/next arrows, shown only when there are at least 2 slides. */
  hasArrows?: boolean;
  hasDots?: boolean;
  /** Pause while the pointer is over the carousel. */
  pausesOnHover?: boolean;
  className?: string;
  label: string;
  testId?: string;
  style?: CSSProperties;
  onSelect?: (index: number) => void;
}

/**
 * A looping carousel (embla) that plays by itself. The server renders the slides in a row
 * with the first one showing, so the page reads well before scripts run; embla takes over
 * on hydration. `data-selected-index` and `data-ready` let tests follow it.
 */
export function Carousel({
  children,
  autoplayMs,
  axis = 'x',
  hasArrows = false,
  hasDots = false,
  pausesOnHover = true,
  className,
  label,
  testId,
  style,
  onSelect,
}: CarouselProps) {
  const slides = Children.toArray(children);
  const plugins = useMemo(() => [Autoplay({ delay: autoplayMs, stopOnInteraction: false, stopOnMouseEnter: pausesOnHover })], [autoplayMs, pausesOnHover]);
  const [viewportRef, api] = useEmblaCarousel({ loop: slides.length > 1, axis, align: 'start', duration: 30 }, plugins);
  const [selectedIndex, setSelectedIndex] = useState(0);

  useEffect(() => {
    if (!api) return;
    const select = () => {
      const index = api.selectedScrollSnap();
      setSelectedIndex(index);
      onSelect?.(index);
    };
    api.on('select', select);
    api.on('reInit', select);
    return () => {
      api.off('select', select);
      api.off('reInit', select);
    };
  }, [api, onSelect]);

  /** A click moves the carousel and restarts the autoplay wait. */
  const go = useCallback(
    (move: (carousel: NonNullable<typeof api>) => void) => {
      if (!api) return;
      move(api);
      api.plugins().autoplay.reset();
    },
    [api],
  );

  const showsArrows = hasArrows && slides.length >= 2;
  return (
    <div
      className={`carousel carousel--${axis}${className ? ` ${className}` : ''}`}
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      data-testid={testId}
      style={style}
      data-ready={api ? 'true' : 'false'}
      data-selected-index={selectedIndex}
      data-slide-count={slides.length}
    >
      <div className="carousel__viewport" ref={viewportRef}>
        <div className="carousel__container">
          {slides.map((slide, index) => (
            <div className="carousel__slide" key={index} role="group" aria-roledescription="slide" aria-label={`${index + 1} / ${slides.length}`}>
              {slide}
            </div>
          ))}
        </div>
      </div>
      {showsArrows && (
        <>
          <button type="button" className="carousel__arrow carousel__arrow--prev" aria-label="上一张" onClick={() => go((carousel) => carousel.scrollPrev())}>
            ‹
          </button>
          <button type="button" className="carousel__arrow carousel__arrow--next" aria-label="下一张" onClick={() => go((carousel) => carousel.scrollNext())}>
            ›
          </button>
        </>
      )}
      {hasDots && slides.length >= 2 && (
        <div className="carousel__dots">
          {slides.map((_, index) => (
            <button
              type="button"
              key={index}
              className={index === selectedIndex ? 'carousel__dot carousel__dot--selected' : 'carousel__dot'}
              aria-label={`第${index + 1}张`}
              aria-current={index === selectedIndex ? 'true' : undefined}
              onClick={() => go((carousel) => carousel.scrollTo(index))}
            />
          ))}
        </div>
      )}
    </div>
  );
}
