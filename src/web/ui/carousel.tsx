import type { EmblaCarouselType } from 'embla-carousel';
import { Children, useCallback, useEffect, useRef, useState, useSyncExternalStore, type CSSProperties, type ReactNode, type RefObject } from 'react';
import { useLazyStart } from './use-lazy-start.ts';

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

type Move = (carousel: EmblaCarouselType) => void;

const subscribeToNothing = () => () => undefined;
const isInBrowser = () => true;
const isOnServer = () => false;

/** embla is fetched only when a carousel comes into view or is touched: it is not in the page's JavaScript budget. */
const loadEmbla = () => import('embla-carousel').then((module) => module.default);

/** embla on the viewport once loading starts; a move asked for before it is there waits in `pendingMove`. */
function useEmbla(viewportRef: RefObject<HTMLDivElement | null>, startLoading: boolean, axis: 'x' | 'y') {
  const pendingMove = useRef<Move | null>(null);
  const [api, setApi] = useState<EmblaCarouselType | null>(null);
  useEffect(() => {
    const viewport = viewportRef.current;
    if (!startLoading || !viewport) return;
    let carousel: EmblaCarouselType | null = null;
    let isCancelled = false;
    void loadEmbla().then((EmblaCarousel) => {
      if (isCancelled) return;
      carousel = EmblaCarousel(viewport, { loop: true, axis, align: 'start', duration: 30 });
      const move = pendingMove.current;
      pendingMove.current = null;
      move?.(carousel);
      setApi(carousel);
    });
    return () => {
      isCancelled = true;
      carousel?.destroy();
      setApi(null);
    };
  }, [viewportRef, startLoading, axis]);

  /** Moves the carousel once embla is there (a click before that loads it, and the move waits). */
  const move = useCallback(
    (step: Move) => {
      if (api) step(api);
      else pendingMove.current = step;
    },
    [api],
  );
  return { api, move };
}

/** The slide showing, told to `onSelect` on every change. */
function useSelectedIndex(api: EmblaCarouselType | null, onSelect: ((index: number) => void) | undefined): number {
  const [selectedIndex, setSelectedIndex] = useState(0);
  useEffect(() => {
    if (!api) return;
    const select = () => {
      const index = api.selectedScrollSnap();
      setSelectedIndex(index);
      onSelect?.(index);
    };
    select();
    api.on('select', select);
    api.on('reInit', select);
    return () => {
      api.off('select', select);
      api.off('reInit', select);
    };
  }, [api, onSelect]);
  return selectedIndex;
}

/** Keyboard focus inside stops the rotation until the play button is pressed (a mouse click does not); `focusin`, because Preact's onFocus does not bubble. */
function useStopOnKeyboardFocus(rootRef: RefObject<HTMLDivElement | null>, canMove: boolean, setIsPlaying: (isPlaying: boolean) => void) {
  useEffect(() => {
    const root = rootRef.current;
    if (!root || !canMove) return;
    const stopOnKeyboardFocus = (event: FocusEvent) => {
      if (event.target instanceof HTMLElement && event.target.matches(':focus-visible')) setIsPlaying(false);
    };
    root.addEventListener('focusin', stopOnKeyboardFocus);
    return () => root.removeEventListener('focusin', stopOnKeyboardFocus);
  }, [rootRef, canMove, setIsPlaying]);
}

function PlayButton({ isPlaying, testId, onToggle }: { isPlaying: boolean; testId: string | undefined; onToggle: () => void }) {
  return (
    <button
      type="button"
      className={`carousel__play${isPlaying ? '' : ' carousel__play--paused'}`}
      aria-label={isPlaying ? '暂停轮播' : '播放轮播'}
      title={isPlaying ? '暂停轮播' : '播放轮播'}
      data-testid={testId ? `${testId}-play` : undefined}
      onClick={onToggle}
    >
      <span aria-hidden="true">{isPlaying ? '❚❚' : '▶'}</span>
    </button>
  );
}

function Arrows({ go }: { go: (step: Move) => void }) {
  return (
    <>
      <button type="button" className="carousel__arrow carousel__arrow--prev" aria-label="上一张" onClick={() => go((carousel) => carousel.scrollPrev())}>
        ‹
      </button>
      <button type="button" className="carousel__arrow carousel__arrow--next" aria-label="下一张" onClick={() => go((carousel) => carousel.scrollNext())}>
        ›
      </button>
    </>
  );
}

function Dots({ count, selectedIndex, onChoose }: { count: number; selectedIndex: number; onChoose: (index: number) => void }) {
  return (
    <div className="carousel__dots">
      {Array.from({ length: count }, (_, index) => (
        <button
          type="button"
          key={index}
          className={index === selectedIndex ? 'carousel__dot carousel__dot--selected' : 'carousel__dot'}
          aria-label={`第${index + 1}张`}
          aria-current={index === selectedIndex ? 'true' : undefined}
          onClick={() => onChoose(index)}
        />
      ))}
    </div>
  );
}

/**
 * A looping carousel (embla) that plays by itself. The server renders the slides in a row with the
 * first one showing, so the page reads well before scripts run and the hydrated markup is the same;
 * embla is loaded on demand (in view, or the first pointer, focus or click on the carousel) and takes
 * over then. Rotation pauses while the pointer is over it, stops when keyboard focus enters it
 * (WAI-ARIA APG carousel) and with the 暂停轮播 button; slide changes are announced politely only
 * while it does not rotate by itself. `data-selected-index` and `data-ready` let tests follow it.
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
  const canMove = slides.length >= 2;
  const rootRef = useRef<HTMLDivElement>(null);
  const viewportRef = useRef<HTMLDivElement>(null);
  const startLoading = useLazyStart(rootRef, canMove);
  const { api, move } = useEmbla(viewportRef, startLoading, axis);
  /** False on the server and at hydration, true right after: a carousel of one slide is then ready (nothing to load). */
  const isHydrated = useSyncExternalStore(subscribeToNothing, isInBrowser, isOnServer);
  const selectedIndex = useSelectedIndex(api, onSelect);
  const [isPlaying, setIsPlaying] = useState(true);
  const [isHovered, setIsHovered] = useState(false);
  /** Bumped by every move the user asks for, so the autoplay wait starts again. */
  const [moveCount, setMoveCount] = useState(0);
  useStopOnKeyboardFocus(rootRef, canMove, setIsPlaying);

  const isRotating = api !== null && isPlaying && !(pausesOnHover && isHovered);
  useEffect(() => {
    if (!api || !isRotating) return;
    const timer = setTimeout(() => api.scrollNext(), autoplayMs);
    return () => clearTimeout(timer);
  }, [api, isRotating, autoplayMs, selectedIndex, moveCount]);

  /** A click moves the carousel and restarts the autoplay wait. */
  const go = (step: Move) => {
    setMoveCount((count) => count + 1);
    move(step);
  };

  return (
    <div
      ref={rootRef}
      className={`carousel carousel--${axis}${className ? ` ${className}` : ''}`}
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      data-testid={testId}
      style={style}
      data-ready={api !== null || (!canMove && isHydrated) ? 'true' : 'false'}
      data-selected-index={selectedIndex}
      data-slide-count={slides.length}
      data-playing={canMove && isRotating ? 'true' : 'false'}
      onMouseEnter={() => setIsHovered(true)}
      onMouseLeave={() => setIsHovered(false)}
    >
      {canMove && <PlayButton isPlaying={isPlaying} testId={testId} onToggle={() => setIsPlaying((playing) => !playing)} />}
      <div className="carousel__viewport" ref={viewportRef}>
        {/* Announced politely only when the user moves it: a carousel turning by itself would talk over the page. */}
        <div className="carousel__container" aria-live={canMove && isPlaying ? 'off' : 'polite'}>
          {slides.map((slide, index) => (
            <div className="carousel__slide" key={index} role="group" aria-roledescription="slide" aria-label={`第 ${index + 1} 张，共 ${slides.length} 张`}>
              {slide}
            </div>
          ))}
        </div>
      </div>
      {hasArrows && canMove && <Arrows go={go} />}
      {hasDots && canMove && <Dots count={slides.length} selectedIndex={selectedIndex} onChoose={(index) => go((carousel) => carousel.scrollTo(index))} />}
    </div>
  );
}
