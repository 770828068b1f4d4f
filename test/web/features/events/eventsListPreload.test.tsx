import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API, network } from '../../../support/network';
import { renderApp } from '../../../support/renderWithProviders';
import { withSession } from '../../../support/session';

// What the screens hand to "when the browser is idle", kept to be run by the test when it chooses.
const idleTasks: Array<() => Promise<unknown>> = [];
jest.mock('../../../../src/ui/whenIdle', () => ({
  ...jest.requireActual<object>('../../../../src/ui/whenIdle'),
  usePreloadWhenIdle: (preload: () => Promise<unknown>) => void idleTasks.push(preload),
}));

const festa = { title: 'festa_ana', visible: true, profile: '', cover: '', photos: 1, devices: ['pad'] };

it(`draws an event's gallery at the tap, with no 'Carregando...' in between, once the events list has fetched its code \
while idle`, async () => {
  network.use(
    http.get(`${API}/eventos/:events/:agent`, () => HttpResponse.json([festa])),
    http.get(`${API}/all/festa_ana/pad`, () => HttpResponse.json({ product: ['/media/festa_ana/pad/a.jpg'] })),
  );
  const { user } = renderApp('/eventos', {
    preloadedState: withSession({ agent: 'agent0001', events: ['festa_ana'] }),
  });
  const card = within(await screen.findByRole('list', { name: 'Seus eventos' })).getByRole('button', {
    name: /festa_ana/,
  });
  // The browser goes idle: every preload the page asked for runs to its end.
  await act(async () => {
    await Promise.all(idleTasks.map((task) => task()));
  });
  expect(idleTasks.length).toBeGreaterThan(0);

  await user.click(card);
  // Its code is here: the screen draws in the same turn as the tap, not after a fallback that
  // React then holds on screen for a few hundred milliseconds.
  expect(screen.queryByText('Carregando...')).not.toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'festa_ana' })).toBeInTheDocument();
  expect(await screen.findByRole('list', { name: 'Galeria Pad' })).toBeInTheDocument();
});

it(`asks for the first public events' galleries while idle, so that a tap draws the photos with the \
screen`, async () => {
  const asked: string[] = [];
  const card = (title: string, visible = true) => ({
    ...festa,
    title,
    visible,
    visibility: visible ? 'public' : 'private',
    devices: ['pad', 'polaroid'],
  });
  network.use(
    http.get(`${API}/eventos/:events/:agent`, () =>
      HttpResponse.json([
        card('festa_ana'),
        card('festa_bia', false),
        card('festa_caio'),
        card('festa_davi'),
        card('festa_eva'),
      ]),
    ),
    http.get(`${API}/all/:event/:mode`, ({ params }) => {
      asked.push(`${String(params.event)}/${String(params.mode)}`);
      return HttpResponse.json({ product: [`/media/${String(params.event)}/pad/a.jpg`] });
    }),
  );
  const events = ['festa_ana', 'festa_bia', 'festa_caio', 'festa_davi', 'festa_eva'];
  const { user } = renderApp('/eventos', { preloadedState: withSession({ agent: 'agent0001', events }) });
  const list = await screen.findByRole('list', { name: 'Seus eventos' });
  await act(async () => {
    await Promise.all(idleTasks.map((task) => task()));
  });
  // The first three cards' first booth, the private one left out (it needs its login); not the rest.
  await waitFor(() => expect([...asked].sort()).toEqual(['festa_ana/pad', 'festa_caio/pad']));
  expect(asked).toHaveLength(2);

  await user.click(within(list).getByRole('button', { name: /festa_caio/ }));
  // Drawn in the same turn as the tap: no 'Carregando...', the photo's tile is there.
  expect(screen.queryByText('Carregando...')).not.toBeInTheDocument();
  expect(within(screen.getByRole('list', { name: 'Galeria Pad' })).getAllByRole('listitem')).toHaveLength(1);
});

it(`asks ahead, while idle, for the thumbnails of a readied gallery's first row: the newest three, not the \
rest`, async () => {
  const product = ['a', 'b', 'c', 'd', 'e'].map((name) => `/media/festa_lia/pad/${name}.jpg`);
  network.use(
    http.get(`${API}/eventos/:events/:agent`, () =>
      HttpResponse.json([{ ...festa, title: 'festa_lia', visibility: 'public' }]),
    ),
    http.get(`${API}/all/festa_lia/pad`, () => HttpResponse.json({ product })),
  );
  const asked: string[] = [];
  const real = window.Image;
  const image = jest.spyOn(window, 'Image').mockImplementation(() => {
    const img = new real();
    // What the page asks for, read where the browser would start fetching it.
    Object.defineProperty(img, 'src', { set: (src: string) => void asked.push(src), get: () => '' });
    return img;
  });
  try {
    renderApp('/eventos', { preloadedState: withSession({ agent: 'agent0001', events: ['festa_lia'] }) });
    await screen.findByRole('list', { name: 'Seus eventos' });
    await act(async () => {
      await Promise.all(idleTasks.map((task) => task()));
    });
    await waitFor(() => expect(asked).toHaveLength(3));
    expect(asked.map((src) => new URL(src, window.location.href).pathname)).toEqual([
      '/thumbs/festa_lia/pad/e.jpg.webp',
      '/thumbs/festa_lia/pad/d.jpg.webp',
      '/thumbs/festa_lia/pad/c.jpg.webp',
    ]);
  } finally {
    image.mockRestore();
  }
});
