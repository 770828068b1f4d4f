import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
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
  const carousel = await screen.findByRole('region', { name: 'Cabines do evento' });
  // The slider takes over from the booths at rest once the page is idle (boothsAtRest.test.tsx).
  await waitFor(() => expect(carousel.querySelector('.slick-slider')).not.toBeNull());
  return { ...view, carousel };
}

/**
 * The tiles a guest sees, left to right: the booth buttons outside every hidden subtree (those out
 * of view and the loop's copies are hidden from them). A plain DOM walk: the role queries' cost
 * grows with the slider's copies, and this runs at every poll of a wait.
 */
function visibleTiles(carousel: HTMLElement): string[] {
  return [...carousel.querySelectorAll('button')]
    .filter((b) => !b.closest('[aria-hidden="true"]') && !/cabine/i.test(b.getAttribute('aria-label') ?? ''))
    .map((b) => b.textContent ?? '');
}

/** The route, the gallery's heading and the one tile marked current all name `mode`. */
async function expectActive(
  carousel: HTMLElement,
  router: { state: { location: { pathname: string } } },
  mode: string,
) {
  expect(router.state.location.pathname).toBe(`/eventos/evento/${mode}`);
  if (mode !== 'nulo') expect(await screen.findByRole('heading', { level: 2, name: LABEL[mode] })).toBeInTheDocument();
  else expect(await screen.findByRole('img', { name: 'Cabine sem fotos' })).toBeInTheDocument();
  // The slider follows the route as soon as it has moved (react-slick starts a move on its next tick).
  await waitFor(() => {
    const current = [...carousel.querySelectorAll('[aria-current]')];
    expect(current.map((b) => [b.textContent, b.getAttribute('aria-current')])).toEqual([[LABEL[mode], 'page']]);
    const tiles = visibleTiles(carousel);
    expect(tiles).toContain(LABEL[mode]);
    // Three shown: the active booth is the centre one (1 or 2 booths stand still).
    if (tiles.length === 3) expect(tiles[1]).toBe(LABEL[mode]);
  });
}

/**
 * What assistive technology and the keyboard reach: react-slick keeps copies of the slides (the
 * infinite loop's clones, the booths out of view) in the page; every booth button that is not
 * shown is hidden and inert, and each booth is shown at most once.
 */
function expectOnlyShownReachable(carousel: HTMLElement) {
  const buttons = [...carousel.querySelectorAll<HTMLElement>('.booth')];
  const shown = buttons.filter((b) => !b.closest('[aria-hidden="true"]'));
  for (const b of buttons.filter((x) => !shown.includes(x))) expect(b.closest('[inert]')).not.toBeNull();
  for (const b of shown) expect(b.closest('[inert]')).toBeNull();
  expect(new Set(shown.map((b) => b.textContent)).size).toBe(shown.length);
}

describe.each(EVENTS.map((devices) => [devices.length, devices] as const))(
  'an event with %i booth(s)',
  (count, devices) => {
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

    it(`is react-slick's slider (the design card's carousel), drawing the booths far from view only as they come \
near`, async () => {
      const { carousel, router } = await open(devices);
      await expectActive(carousel, router, devices[0]);
      const slider = carousel.querySelector('.slick-slider');
      expect(slider).not.toBeNull();
      // With more booths than the three slots the slider goes round: its infinite loop's clones are there.
      expect(carousel.querySelectorAll('.slick-slide.slick-cloned').length > 0).toBe(count > 3 - 1);
      // Lazy: with 5 booths or more, the booths far from the view are not drawn yet.
      if (count >= 5)
        expect(carousel.querySelectorAll('.slick-slide:not(.slick-cloned) .booth').length).toBeLessThan(count);
    });

    it(`keeps the booths out of view, and the loop's copies, away from screen readers and the keyboard, whichever \
booth is shown`, async () => {
      const { carousel, router, user } = await open(devices);
      await expectActive(carousel, router, devices[0]);
      expectOnlyShownReachable(carousel);
      if (count === 1) return;
      for (let i = 1; i <= count; i += 1) {
        await user.click(within(carousel).getByRole('button', { name: 'Próxima cabine' }));
        await expectActive(carousel, router, devices[i % count]);
        expectOnlyShownReachable(carousel);
      }
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
        await act(() =>
          router.navigate(`/eventos/evento/${mode}`, { state: { bname: 'festa_ana', devices }, replace: true }),
        );
        await expectActive(carousel, router, mode);
      }
    });
  },
);

describe('a swipe on the carousel', () => {
  // jsdom lays nothing out: the slider's list is given a phone's width, which sets how far a
  // finger must go for a swipe (react-slick: a fifth of it).
  beforeEach(() => {
    jest.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('slick-list') ? 300 : 0;
    });
  });

  const devices = ['pad', 'polaroid', '360'];
  const swipe = (carousel: HTMLElement, dx: number, dy = 0) => {
    const list = carousel.querySelector('.slick-list') as HTMLElement;
    fireEvent.touchStart(list, { touches: [{ pageX: 200, pageY: 100 }] });
    fireEvent.touchMove(list, { touches: [{ pageX: 200 + dx / 2, pageY: 100 + dy / 2 }] });
    fireEvent.touchMove(list, { touches: [{ pageX: 200 + dx, pageY: 100 + dy }] });
    fireEvent.touchEnd(list, { changedTouches: [{ pageX: 200 + dx, pageY: 100 + dy }] });
  };

  it('to the left shows the next booth', async () => {
    const { carousel, router } = await open(devices);
    await expectActive(carousel, router, 'pad');
    swipe(carousel, -80);
    await expectActive(carousel, router, 'polaroid');
  });

  it('to the right shows the previous booth, round the ring', async () => {
    const { carousel, router } = await open(devices);
    await expectActive(carousel, router, 'pad');
    swipe(carousel, 80);
    await expectActive(carousel, router, '360');
  });

  it('does nothing when short or mostly vertical (a scroll of the page)', async () => {
    const { carousel, router } = await open(devices);
    await expectActive(carousel, router, 'pad');
    swipe(carousel, -20);
    swipe(carousel, -60, 150);
    await expectActive(carousel, router, 'pad');
  });
});
