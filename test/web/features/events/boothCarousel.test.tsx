import { act, fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { BOOTH_MODES } from '../../../../contract/modes';
import { API, network } from '../../../support/network';
import { renderApp } from '../../../support/renderWithProviders';

const LABEL: Record<string, string> = {
  pad: 'Pad',
  hashtrack: 'Hashtrack',
  feed: 'Feed',
  polaroid: 'Polaroid',
  boomerang: 'Boomerang',
  360: '360',
  nulo: 'Nulo',
};

/** Events of 1 to 7 booths, in the spec's order (the demo's casamento_bia_e_leo is the 3: pad, polaroid, 360). */
const EVENTS: string[][] = [
  ['pad'],
  ['pad', '360'],
  ['pad', 'polaroid', '360'],
  ['pad', 'hashtrack', 'boomerang', 'nulo'],
  ['pad', 'hashtrack', 'feed', 'polaroid', '360'],
  ['pad', 'hashtrack', 'feed', 'polaroid', 'boomerang', '360'],
  [...BOOTH_MODES],
];

async function open(devices: string[]) {
  network.use(http.get(`${API}/all/festa_ana/:mode`, () => HttpResponse.json({ product: [] })));
  const view = renderApp({ pathname: `/eventos/evento/${devices[0]}`, state: { bname: 'festa_ana', devices } });
  return { ...view, carousel: await screen.findByRole('region', { name: 'Cabines do evento' }) };
}

/** The tiles a guest sees (the ones outside the track are hidden from them), left to right. */
function visibleTiles(carousel: HTMLElement): string[] {
  return within(carousel)
    .getAllByRole('button')
    .filter((b) => !/cabine/i.test(b.getAttribute('aria-label') ?? ''))
    .map((b) => b.textContent ?? '');
}

/** The route, the gallery's heading and the one tile marked current all name `mode`. */
async function expectActive(carousel: HTMLElement, router: { state: { location: { pathname: string } } }, mode: string) {
  expect(router.state.location.pathname).toBe(`/eventos/evento/${mode}`);
  if (mode !== 'nulo') expect(await screen.findByRole('heading', { level: 2, name: LABEL[mode] })).toBeInTheDocument();
  else expect(await screen.findByRole('img', { name: 'Cabine sem fotos' })).toBeInTheDocument();
  const current = within(carousel)
    .getAllByRole('button')
    .filter((b) => b.getAttribute('aria-current') === 'page');
  expect(current.map((b) => b.textContent)).toEqual([LABEL[mode]]);
}

describe.each(EVENTS.map((devices) => [devices.length, devices] as const))('an event with %i booth(s)', (count, devices) => {
  it('shows up to 3 tiles, each booth once, the active one in the centre', async () => {
    const { carousel, router } = await open(devices);
    await expectActive(carousel, router, devices[0]);
    const tiles = visibleTiles(carousel);
    expect(tiles).toHaveLength(Math.min(3, count));
    expect(new Set(tiles).size).toBe(tiles.length);
    if (count >= 3) expect(tiles).toEqual([LABEL[devices[count - 1]], LABEL[devices[0]], LABEL[devices[1]]]);
    else expect(tiles).toEqual(devices.map((d) => LABEL[d]));
    // Arrows only when there is another booth to go to.
    expect(within(carousel).queryAllByRole('button', { name: /cabine/i })).toHaveLength(count > 1 ? 2 : 0);
  });

  it('reaches every booth with the next arrow, round to the first, and back with the previous one', async () => {
    const { carousel, router, user } = await open(devices);
    if (count === 1) return expectActive(carousel, router, devices[0]);
    for (let i = 1; i <= count; i += 1) {
      await user.click(within(carousel).getByRole('button', { name: 'Próxima cabine' }));
      await expectActive(carousel, router, devices[i % count]);
    }
    for (let i = count - 1; i >= 0; i -= 1) {
      await user.click(within(carousel).getByRole('button', { name: 'Cabine anterior' }));
      await expectActive(carousel, router, devices[i]);
    }
  });

  it('reaches every booth by tapping its tile, one neighbour after the other, both ways', async () => {
    const { carousel, router, user } = await open(devices);
    const tap = async (mode: string) => {
      await user.click(within(carousel).getByRole('button', { name: LABEL[mode] }));
      await expectActive(carousel, router, mode);
      // The tile tapped is in the centre now (1 or 2 booths stand still).
      if (count >= 3) expect(visibleTiles(carousel)[1]).toBe(LABEL[mode]);
    };
    for (let i = 1; i <= count; i += 1) await tap(devices[i % count]);
    for (let i = count - 1; i >= 0; i -= 1) await tap(devices[i]);
  });

  it('follows the route when it changes elsewhere (back button, a link)', async () => {
    const { carousel, router } = await open(devices);
    for (const mode of [...devices].reverse()) {
      await act(() => router.navigate(`/eventos/evento/${mode}`, { state: { bname: 'festa_ana', devices }, replace: true }));
      await expectActive(carousel, router, mode);
    }
  });
});

describe('a swipe on the carousel', () => {
  // jsdom has no PointerEvent: a mouse event carries the coordinates the same way.
  beforeAll(() => {
    if (!('PointerEvent' in window)) Object.defineProperty(window, 'PointerEvent', { configurable: true, value: MouseEvent });
  });

  it('moves to the neighbouring booth the way the finger goes; a short or vertical move does not', async () => {
    const devices = ['pad', 'polaroid', '360'];
    const { carousel, router } = await open(devices);
    const track = carousel.querySelector('.carousel__track') as HTMLElement;
    const swipe = (dx: number, dy = 0) => {
      fireEvent.pointerDown(track, { clientX: 200, clientY: 100 });
      fireEvent.pointerUp(track, { clientX: 200 + dx, clientY: 100 + dy });
    };
    swipe(-80);
    await expectActive(carousel, router, 'polaroid');
    swipe(-80);
    await expectActive(carousel, router, '360');
    swipe(80);
    await expectActive(carousel, router, 'polaroid');
    swipe(-20);
    swipe(-60, 150);
    await expectActive(carousel, router, 'polaroid');
  });
});
