import { useEffect, useRef } from 'react';
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
 * The event's booth types (SPEC section 2): centred, 3 visible, infinite, lazy, 300 ms, with
 * arrows. The active slide is the booth whose gallery shows; moving the carousel switches it.
 */
export function BoothCarousel({ modes, active, onSelect }: BoothCarouselProps) {
  const slider = useRef<Slider>(null);
  const activeIndex = Math.max(0, active ? modes.indexOf(active) : 0);
  const step = (delta: number) => onSelect(modes[(activeIndex + delta + modes.length) % modes.length]);

  useEffect(() => {
    slider.current?.slickGoTo(activeIndex);
  }, [activeIndex]);

  return (
    <div className="carousel" aria-label="Cabines do evento" role="region">
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
