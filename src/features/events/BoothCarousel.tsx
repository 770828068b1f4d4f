import { useEffect, useRef, type RefObject } from 'react';
import Slider, { type CustomArrowProps } from 'react-slick';
import 'slick-carousel/slick/slick.css';
import type { BoothMode } from '../../lib/modes';
import { ChevronIcon } from '../../ui/icons';
import { BoothIcon, BOOTH_LABEL } from './boothIcons';

interface BoothCarouselProps {
  modes: readonly BoothMode[];
  active: BoothMode | null;
  onSelect: (mode: BoothMode) => void;
}

/**
 * The arrows choose the neighbouring booth themselves (the route follows, and the slider follows
 * the route), so the booth switches even before the slide animation ends.
 */
function Arrow({ direction, onStep }: CustomArrowProps & { direction: 'left' | 'right'; onStep: () => void }) {
  return (
    <button
      type="button"
      className={`carousel__arrow carousel__arrow--${direction}`}
      aria-label={direction === 'left' ? 'Cabine anterior' : 'Próxima cabine'}
      onClick={onStep}
    >
      <ChevronIcon direction={direction} />
    </button>
  );
}

/**
 * react-slick hides the slides out of view (and its clones, in infinite mode) with aria-hidden,
 * yet their buttons stay focusable: a keyboard or screen reader user would land on a booth that
 * is not there. `inert` on exactly those slides takes them out of the focus order too.
 */
function useInertHiddenSlides(root: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const sync = () => {
      for (const slide of element.querySelectorAll('.slick-slide')) slide.toggleAttribute('inert', slide.getAttribute('aria-hidden') === 'true');
    };
    sync();
    const observer = new MutationObserver(sync);
    observer.observe(element, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-hidden'] });
    return () => observer.disconnect();
  }, [root]);
}

/**
 * The event's booth types (SPEC section 2): centred, 3 visible, infinite, lazy, 300 ms, with
 * arrows. The active slide is the booth whose gallery shows; moving the carousel switches it.
 */
export function BoothCarousel({ modes, active, onSelect }: BoothCarouselProps) {
  const slider = useRef<Slider>(null);
  const carousel = useRef<HTMLDivElement>(null);
  useInertHiddenSlides(carousel);
  const activeIndex = Math.max(0, active ? modes.indexOf(active) : 0);
  const step = (delta: number) => onSelect(modes[(activeIndex + delta + modes.length) % modes.length]);

  useEffect(() => {
    slider.current?.slickGoTo(activeIndex);
  }, [activeIndex]);

  return (
    <div ref={carousel} className="carousel" aria-label="Cabines do evento" role="region">
      <Slider
        ref={slider}
        slidesToShow={Math.min(3, modes.length)}
        infinite={modes.length > 3}
        lazyLoad="ondemand"
        speed={300}
        centerMode
        centerPadding="0px"
        arrows
        initialSlide={activeIndex}
        prevArrow={<Arrow direction="left" onStep={() => step(-1)} />}
        nextArrow={<Arrow direction="right" onStep={() => step(1)} />}
        afterChange={(index: number) => {
          const mode = modes[index];
          if (mode && mode !== active) onSelect(mode);
        }}
      >
        {modes.map((mode) => (
          <div key={mode} className="carousel__slide">
            <button
              type="button"
              className={mode === active ? 'booth booth--active' : 'booth'}
              aria-current={mode === active ? 'page' : undefined}
              onClick={() => onSelect(mode)}
            >
              <BoothIcon mode={mode} />
              <span className="booth__label">{BOOTH_LABEL[mode]}</span>
            </button>
          </div>
        ))}
      </Slider>
    </div>
  );
}
