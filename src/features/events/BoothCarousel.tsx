import { useRef, useState, type PointerEvent } from 'react';
import { BOOTH_LABEL, type BoothMode } from '../../../contract/modes';
import { ChevronIcon } from '../../ui/icons';
import { BoothIcon } from './boothIcons';

interface BoothCarouselProps {
  modes: readonly BoothMode[];
  active: BoothMode | null;
  onSelect: (mode: BoothMode) => void;
}

/** Slides shown at once (SPEC section 9): the active booth in the centre, a neighbour each side. */
const VISIBLE = 3;
/** Tiles kept beyond each visible edge: the one sliding in (or out) while the track moves. */
const SPARE = 1;
/** A horizontal move of the finger this long (px) is a swipe, not a tap. */
const SWIPE_PX = 40;

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
 * Where each tile stands: `offset` 0 is the centre slot, -1 and 1 its neighbours; anything further
 * is outside the track (clipped, hidden from assistive technology, not focusable).
 */
interface Placed {
  key: string;
  mode: BoothMode;
  offset: number;
}

/**
 * With more booths than slots the booths form a ring that turns: tiles are keyed by their place on
 * an endless line (`position`, the active booth's place, moves by the short way round), so the
 * tiles that stay slide 300 ms to their new slot. With 1 or 2 booths they stand still, centred.
 */
function placeTiles(modes: readonly BoothMode[], activeIndex: number, position: number): Placed[] {
  const n = modes.length;
  if (n <= VISIBLE - 1) {
    // 1 booth: the centre slot; 2: half a slot either side of it.
    return modes.map((mode, i) => ({ key: mode, mode, offset: i - (n - 1) / 2 }));
  }
  const reach = (VISIBLE - 1) / 2 + SPARE;
  const placed: Placed[] = [];
  for (let offset = -reach; offset <= reach; offset += 1) {
    const place = position + offset;
    placed.push({ key: `place-${place}`, mode: modes[mod(activeIndex + offset, n)], offset });
  }
  return placed;
}

/**
 * The event's booth types (SPEC section 2): centred, 3 visible, infinite, 300 ms, with arrows.
 * The route is the only state: the active tile is the booth whose gallery shows, and a tap, an
 * arrow or a swipe asks for another booth (`onSelect`), which the route then makes active. Every
 * booth of an event with 1 to 7 booths is reachable by tap, by arrow and by swipe.
 */
export function BoothCarousel({ modes, active, onSelect }: BoothCarouselProps) {
  const n = modes.length;
  const activeIndex = Math.max(0, active ? modes.indexOf(active) : 0);

  // The active booth's place on the endless line, following the route the short way round.
  const [ring, setRing] = useState({ position: activeIndex, n });
  let position = ring.position;
  if (ring.n !== n) {
    position = activeIndex;
    setRing({ position, n });
  } else if (n > 0 && mod(position, n) !== activeIndex) {
    position += shortestStep(mod(position, n), activeIndex, n);
    setRing({ position, n });
  }

  const step = (delta: number) => {
    if (n > 1) onSelect(modes[mod(activeIndex + delta, n)]);
  };

  const swipe = useRef<{ x: number; y: number } | null>(null);
  const onPointerDown = (event: PointerEvent) => {
    swipe.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipe.current;
    swipe.current = null;
    if (!start) return;
    const dx = event.clientX - start.x;
    if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(event.clientY - start.y)) step(dx < 0 ? 1 : -1);
  };

  return (
    <div className="carousel" aria-label="Cabines do evento" role="region">
      {n > 1 && <Arrow direction="left" onStep={() => step(-1)} />}
      <div className="carousel__track" onPointerDown={onPointerDown} onPointerUp={onPointerUp} onPointerCancel={() => (swipe.current = null)}>
        {placeTiles(modes, activeIndex, position).map(({ key, mode, offset }) => {
          const shown = Math.abs(offset) <= (VISIBLE - 1) / 2;
          return (
            <div
              key={key}
              className="carousel__slide"
              style={{ transform: `translateX(${(offset + (VISIBLE - 1) / 2) * 100}%)` }}
              aria-hidden={shown ? undefined : true}
              inert={!shown}
            >
              <button
                type="button"
                className={shown && mode === active ? 'booth booth--active' : 'booth'}
                aria-current={shown && mode === active ? 'page' : undefined}
                onClick={() => mode !== active && onSelect(mode)}
              >
                <BoothIcon mode={mode} />
                <span className="booth__label">{BOOTH_LABEL[mode]}</span>
              </button>
            </div>
          );
        })}
      </div>
      {n > 1 && <Arrow direction="right" onStep={() => step(1)} />}
    </div>
  );
}
