import { act, fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API, network } from '../../../support/network';
import { renderApp } from '../../../support/renderWithProviders';
import type * as WhenIdle from '../../../../src/ui/whenIdle';
import type * as ReactModule from 'react';

// The browser's idle moment, held by the test until it lets it come.
let goIdle: (() => void) | null = null;
jest.mock('../../../../src/ui/whenIdle', () => {
  const actual = jest.requireActual<typeof WhenIdle>('../../../../src/ui/whenIdle');
  const { useEffect, useState } = jest.requireActual<typeof ReactModule>('react');
  return {
    ...actual,
    useIdle: () => {
      const [idle, setIdle] = useState(false);
      useEffect(() => {
        goIdle = () => setIdle(true);
      }, []);
      return idle;
    },
  };
});

beforeEach(() => {
  goIdle = null;
  network.use(http.get(`${API}/all/festa_ana/:mode`, () => HttpResponse.json({ product: [] })));
});

function open(devices: string[], active: string) {
  return renderApp({ pathname: `/eventos/evento/${active}`, state: { bname: 'festa_ana', devices } });
}

const shownTiles = (carousel: HTMLElement) =>
  [...carousel.querySelectorAll('.booth')].filter((b) => !b.closest('[aria-hidden="true"]')).map((b) => b.textContent);

it(`draws the booths as the slider will show them, before react-slick starts, and hands over to it once the page is \
idle`, async () => {
  open(['pad', 'feed', 'polaroid', '360'], 'polaroid');
  const carousel = await screen.findByRole('region', { name: 'Cabines do evento' });
  // Not react-slick yet: the active booth in the centre, a neighbour each side, as the slider at rest.
  expect(carousel.querySelector('.slick-slider')).toBeNull();
  expect(shownTiles(carousel)).toEqual(['Feed', 'Polaroid', '360']);
  expect(within(carousel).getByRole('button', { name: 'Polaroid' })).toHaveAttribute('aria-current', 'page');

  act(() => goIdle?.());
  expect(carousel.querySelector('.slick-slider')).not.toBeNull();
  expect(shownTiles(carousel)).toEqual(['Feed', 'Polaroid', '360']);
});

it('a tap on a booth before the slider starts opens it', async () => {
  const { router, user } = open(['pad', 'polaroid'], 'polaroid');
  const carousel = await screen.findByRole('region', { name: 'Cabines do evento' });
  expect(shownTiles(carousel)).toEqual(['Pad', 'Polaroid']);
  await user.click(within(carousel).getByRole('button', { name: 'Pad' }));
  expect(router.state.location.pathname).toBe('/eventos/evento/pad');
  expect(await screen.findByRole('heading', { level: 2, name: 'Pad' })).toBeInTheDocument();
});

it('waits for a tap under way to end before the slider replaces the tile it pressed', async () => {
  const { router } = open(['pad', 'polaroid', '360'], 'polaroid');
  const carousel = await screen.findByRole('region', { name: 'Cabines do evento' });
  const tile = within(carousel).getByRole('button', { name: '360' });
  fireEvent.pointerDown(tile);
  // The page goes idle between the press and its click: the tile stays.
  act(() => goIdle?.());
  expect(carousel.querySelector('.slick-slider')).toBeNull();
  expect(tile.isConnected).toBe(true);
  fireEvent.pointerUp(tile);
  fireEvent.click(tile);
  expect(router.state.location.pathname).toBe('/eventos/evento/360');
  // Then it hands over.
  expect(await within(carousel).findByRole('button', { name: '360' })).toBeInTheDocument();
  await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
  expect(carousel.querySelector('.slick-slider')).not.toBeNull();
});
