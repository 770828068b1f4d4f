import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import Slider from 'react-slick';
import type { BoothMode } from '../../../contract/modes';
import { ChevronIcon } from '../../ui/icons';
import { useIdle } from '../../ui/whenIdle';
import { BoothSlide } from './BoothSlide';

interface BoothCarouselProps {
  modes: readonly BoothMode[];
  active: BoothMode | null;
  onSelect: (mode: BoothMode) => void;
}

/**
 * Slides shown at once (docs/product.md#constants-and-limits): the active booth in the centre, a neighbour each side.
 */
const VISIBLE = 3;
/** The slide's transition (docs/product.md#constants-and-limits). */
const SPEED_MS = 300;

const mod = (value: number, n: number) => ((value % n) + n) % n;

/** The step from index `from` to index `to` on a ring of `n`, the short way round (forward on a tie). */
function shortestStep(from: number, to: number, n: number): number {
  const forward = mod(to - from, n);
  return forward > n / 2 ? forward - n : forward;
}

function Arrow({ direction, onStep }: { direction: 'left' | 'right'; onStep: () => void }) {
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
 * How many times the booths are laid out in the slider: react-slick only turns with more slides
 * than it shows ('unslick' otherwise), so 3 booths go round as 6 slides (the copies out of view
 * are hidden and inert like the loop's clones). 1 or 2 booths stand still, each shown once.
 */
function layoutsOf(n: number): number {
  return n === VISIBLE ? 2 : 1;
}

/**
 * react-slick, driven by the route. With 3 booths or more it turns: centred, 3 visible, infinite,
 * lazy, 300 ms. A new active booth moves it the short way round (a neighbour by one step, so the
 * loop wraps instead of running back across every booth); a swipe or an arrow key moves it first,
 * and the route follows. With 1 or 2 booths it shows them all and stands still (react-slick's
 * 'unslick', which draws no arrows of its own: ours are outside it).
 */
function BoothSlider({ modes, active, onSelect }: BoothCarouselProps) {
  const n = modes.length;
  const slides = Array.from({ length: layoutsOf(n) }, () => modes).flat();
  const m = slides.length;
  const activeIndex = Math.max(0, active ? modes.indexOf(active) : 0);
  const turns = n >= VISIBLE;
  const slider = useRef<Slider>(null);
  // The slide the slider centres (or will, once the move asked for has started).
  const centred = useRef(activeIndex);
  // Moves asked for here that react-slick has not started yet (it starts them on its next tick).
  const ownMoves = useRef(0);
  // The tiles keep one callback (the page hands a new one on every render): it calls the latest.
  const latestSelect = useRef(onSelect);
  useLayoutEffect(() => {
    latestSelect.current = onSelect;
  });
  const select = useCallback((mode: BoothMode) => latestSelect.current(mode), []);

  useEffect(() => {
    if (!turns) return;
    const step = shortestStep(mod(centred.current, n), activeIndex, n);
    if (step === 0) return;
    centred.current = mod(centred.current + step, m);
    ownMoves.current += 1;
    if (step === 1) slider.current?.slickNext();
    else if (step === -1) slider.current?.slickPrev();
    else slider.current?.slickGoTo(centred.current);
  }, [turns, activeIndex, n, m]);

  const beforeChange = (_from: number, to: number) => {
    if (ownMoves.current > 0) {
      ownMoves.current -= 1;
      return;
    }
    // The guest swiped, or pressed an arrow key on a tile: the route follows the slider.
    centred.current = mod(to, m);
    const mode = modes[mod(to, n)];
    if (mode !== active) onSelect(mode);
  };

  return (
    <Slider
      ref={slider}
      className="carousel__slider"
      slidesToShow={Math.min(VISIBLE, n)}
      centerMode={turns}
      centerPadding="0px"
      infinite={turns}
      lazyLoad="ondemand"
      speed={SPEED_MS}
      arrows={false}
      // A mouse drag would end in a click on the tile under it; a finger's swipe does not.
      draggable={false}
      // Every route change moves it, even in the middle of a slide.
      waitForAnimate={false}
      initialSlide={turns ? activeIndex : 0}
      beforeChange={beforeChange}
    >
      {slides.map((mode, i) => (
        <BoothSlide key={`${mode}-${Math.floor(i / n)}`} mode={mode} isActive={mode === active} onSelect={select} />
      ))}
    </Slider>
  );
}

/**
 * The booths as the slider shows them at rest, drawn before it: the active booth in the centre
 * with a neighbour each side (all of them, 1 or 2 booths), the same tiles in the same places.
 * react-slick measures the page when it starts, and again a moment later, and each time draws
 * every slide: done while the gallery's first photos are on their way, that delayed them by a
 * few hundred milliseconds on a slow phone. The slider takes over once the browser is idle.
 */
function BoothsAtRest({ modes, active, onSelect }: BoothCarouselProps) {
  const n = modes.length;
  const activeIndex = Math.max(0, active ? modes.indexOf(active) : 0);
  const shown = n >= VISIBLE ? [-1, 0, 1].map((offset) => modes[mod(activeIndex + offset, n)]) : modes;
  return (
    <div className="carousel__slider carousel__rest">
      {shown.map((mode) => (
        <BoothSlide key={mode} mode={mode} isActive={mode === active} onSelect={onSelect} />
      ))}
    </div>
  );
}

/** After a press ends with no click (the finger slid off), the slider waits no longer than this. */
const PRESS_SETTLE_MS = 500;

/**
 * Whether the slider has taken over from the booths at rest: once the browser is idle, and not
 * while a finger or a button is down on the carousel (the tile under a tap would be replaced
 * between its press and its click, and the tap lost); then for good.
 */
function useSliderTurn(area: RefObject<HTMLElement | null>): boolean {
  const idle = useIdle();
  const [pressed, setPressed] = useState(false);
  const [turned, setTurned] = useState(false);
  useEffect(() => {
    const element = area.current;
    if (!element || turned) return;
    let settle: ReturnType<typeof setTimeout> | undefined;
    const release = (delay: number) => {
      clearTimeout(settle);
      // After the click's own handlers: the tap is done with the tile it pressed.
      settle = setTimeout(() => setPressed(false), delay);
    };
    const onDown = () => {
      clearTimeout(settle);
      setPressed(true);
    };
    const onUp = () => release(PRESS_SETTLE_MS);
    const onDone = () => release(0);
    element.addEventListener('pointerdown', onDown, true);
    element.addEventListener('pointerup', onUp, true);
    element.addEventListener('click', onDone, true);
    element.addEventListener('pointercancel', onDone, true);
    return () => {
      clearTimeout(settle);
      element.removeEventListener('pointerdown', onDown, true);
      element.removeEventListener('pointerup', onUp, true);
      element.removeEventListener('click', onDone, true);
      element.removeEventListener('pointercancel', onDone, true);
    };
  }, [area, turned]);
  // Settled while drawing (React's way for state that follows other state), not in an effect.
  if (idle && !pressed && !turned) setTurned(true);
  return turned || (idle && !pressed);
}

/**
 * The event's booth types (docs/product.md#event-page): the design card's react-slick, centred, 3 visible,
 * infinite, lazy, 300 ms, with arrows. The route is the only state: the active tile is the booth
 * whose gallery shows, and a tap, an arrow or a swipe asks for another booth (`onSelect`), which
 * the route then makes active. Every booth of an event with 1 to 7 booths is reachable.
 */
export function BoothCarousel({ modes, active, onSelect }: BoothCarouselProps) {
  const region = useRef<HTMLDivElement>(null);
  const sliding = useSliderTurn(region);
  const n = modes.length;
  const activeIndex = Math.max(0, active ? modes.indexOf(active) : 0);
  const step = (delta: number) => {
    if (n > 1) onSelect(modes[mod(activeIndex + delta, n)]);
  };
  return (
    <div
      ref={region}
      className={`carousel carousel--${Math.min(n, VISIBLE)}`}
      aria-label="Cabines do evento"
      role="region"
    >
      {n > 1 && <Arrow direction="left" onStep={() => step(-1)} />}
      {sliding ? (
        // Another set of booths is another slider: react-slick counts its slides once.
        <BoothSlider key={modes.join(' ')} modes={modes} active={active} onSelect={onSelect} />
      ) : (
        <BoothsAtRest modes={modes} active={active} onSelect={onSelect} />
      )}
      {n > 1 && <Arrow direction="right" onStep={() => step(1)} />}
    </div>
  );
}
