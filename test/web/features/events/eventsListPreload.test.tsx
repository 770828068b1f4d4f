import { act, screen, within } from '@testing-library/react';
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

it("draws an event's gallery at the tap, with no 'Carregando...' in between, once the events list has fetched its code while idle", async () => {
  network.use(
    http.get(`${API}/eventos/:events/:agent`, () => HttpResponse.json([festa])),
    http.get(`${API}/all/festa_ana/pad`, () => HttpResponse.json({ product: ['/media/festa_ana/pad/a.jpg'] })),
  );
  const { user } = renderApp('/eventos', { preloadedState: withSession({ agent: 'agent0001', events: ['festa_ana'] }) });
  const card = within(await screen.findByRole('list', { name: 'Seus eventos' })).getByRole('button', { name: /festa_ana/ });
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
