import { memo, useLayoutEffect, useRef, useState, type CSSProperties, type RefObject } from 'react';
import { BOOTH_LABEL } from '../../../contract/boothLabels';
import type { BoothMode } from '../../../contract/modes';
import { BoothIcon } from './boothIcons';

/**
 * Whether react-slick shows the slide that holds `ref`: it marks the slides out of view, and the
 * copies its infinite loop keeps at both ends, aria-hidden on its own wrapper, which it renders
 * and moves without telling us; this follows that mark.
 */
function useShownBySlider(ref: RefObject<HTMLElement | null>): boolean {
  const [shown, setShown] = useState(true);
  useLayoutEffect(() => {
    const slide = ref.current?.closest('.slick-slide');
    if (!slide) return;
    const read = () => setShown(slide.getAttribute('aria-hidden') !== 'true');
    read();
    const observer = new MutationObserver(read);
    observer.observe(slide, { attributes: true, attributeFilter: ['aria-hidden'] });
    return () => observer.disconnect();
  }, [ref]);
  return shown;
}

interface BoothSlideProps {
  mode: BoothMode;
  isActive: boolean;
  onSelect: (mode: BoothMode) => void;
  /** Given by react-slick (the slide's width within its wrapper). */
  style?: CSSProperties;
}

/**
 * One booth's tile. Only a shown slide holds a button: a slide out of view, or a copy of the
 * loop, draws the same tile as a picture (hidden and inert), so the keyboard and screen readers
 * meet each booth once, and only the shown tile of the active booth is `aria-current`.
 */
function BoothSlideTile({ mode, isActive, onSelect, style }: BoothSlideProps) {
  const ref = useRef<HTMLDivElement>(null);
  const shown = useShownBySlider(ref);
  const className = isActive ? 'booth booth--active' : 'booth';
  const face = (
    <>
      <BoothIcon mode={mode} />
      <span className="booth__label">{BOOTH_LABEL[mode]}</span>
    </>
  );
  return (
    <div ref={ref} className="carousel__slide" style={style} inert={!shown}>
      {shown ? (
        <button
          type="button"
          className={className}
          aria-current={isActive ? 'page' : undefined}
          onClick={() => !isActive && onSelect(mode)}
        >
          {face}
        </button>
      ) : (
        <div className={className}>{face}</div>
      )}
    </div>
  );
}

/**
 * A route change redraws only the two tiles whose booth stops or starts being the active one
 * (react-slick hands every slide a new but equal style on each of its renders).
 */
export const BoothSlide = memo(
  BoothSlideTile,
  (before, after) =>
    before.mode === after.mode &&
    before.isActive === after.isActive &&
    before.onSelect === after.onSelect &&
    before.style?.width === after.style?.width &&
    before.style?.display === after.style?.display,
);
