import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { GuestCollectionReply } from '../../../../contract/wire';
import { API, network } from '../../../support/network';
import { renderApp } from '../../../support/renderWithProviders';

/**
 * A message's 'Suas fotos' link (docs/product.md#photos-delivered): `/privacidade?fotos={token}` shows the photos
 * sent to the guest, each opening as its collect link does, 'Adicionar à minha coleção' (as 'Pegar todas' does: one
 * request, the collection keeps them; offline, the offline queue) and the event's gallery; without a login.
 */
const TOKEN = 'c3VhcyBmb3RvcyBkYSBhbmE_-sig';
const PHOTO_A = '/media/festa_ana/pad/a1.jpg';
const PHOTO_B = '/media/festa_ana/pad/a2.jpg';
const MINE: GuestCollectionReply = {
  bname: 'festa_ana',
  title: 'Festa da Ana',
  gallery: '/eventos/evento/pad?evento=festa_ana',
  photos: [PHOTO_A, PHOTO_B],
};

function serve(collect: () => Response = () => HttpResponse.json({ collected: [PHOTO_A, PHOTO_B], refused: [] })) {
  const asked: string[] = [];
  network.use(
    http.get(`${API}/entregas/colecao/:token`, ({ params }) => {
      if (params.token === TOKEN) return HttpResponse.json(MINE);
      if (params.token === 'curto') {
        return HttpResponse.json({ error: 'invalid_request', message: 'Requisição inválida' }, { status: 400 });
      }
      return HttpResponse.json(
        { error: 'collection_gone', message: 'Este link não mostra mais fotos.' },
        { status: 404 },
      );
    }),
    http.post(`${API}/entregas/colecao/:token`, ({ params }) => {
      asked.push(String(params.token));
      return collect();
    }),
  );
  return asked;
}

it('shows the photos sent, each opening as its collect link, and the gallery', async () => {
  serve();
  const { user, router } = renderApp(`/privacidade?fotos=${TOKEN}`);
  expect(await screen.findByRole('heading', { level: 1, name: 'Suas fotos de Festa da Ana' })).toBeInTheDocument();
  expect(screen.getByText(/As 2 fotos que enviamos para você\./)).toBeVisible();
  expect(screen.getByRole('link', { name: 'Ver a galeria da festa' })).toHaveAttribute(
    'href',
    '/eventos/evento/pad?evento=festa_ana',
  );
  await user.click(screen.getByRole('button', { name: 'Foto 2: abrir para coletar' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/collect'));
  expect(new URLSearchParams(router.state.location.search).get('id')).toBe(PHOTO_B);
});

it("'Adicionar à minha coleção' collects them all in one request; the collection and events hold them", async () => {
  const asked = serve();
  const { user, store } = renderApp(`/privacidade?fotos=${TOKEN}`);
  await user.click(await screen.findByRole('button', { name: 'Adicionar à minha coleção' }));
  expect(await screen.findByText(/^2 fotos adicionadas à Minha Coleção\./)).toBeInTheDocument();
  expect(asked).toEqual([TOKEN]);
  expect(store.getState().collection.items).toEqual(expect.arrayContaining([PHOTO_A, PHOTO_B]));
  expect(store.getState().visitor.events).toContain('festa_ana');
  await user.click(screen.getByRole('button', { name: 'Adicionar à minha coleção' }));
  expect(await screen.findByText(/^Suas fotos já estão na Minha Coleção\./)).toBeInTheDocument();
  expect(asked).toHaveLength(2);
});

it('without a connection, each photo waits in the offline queue', async () => {
  serve(() => HttpResponse.error());
  // No connection for the queue's own sends either: else it may send them before the check below.
  network.use(http.post(`${API}/coletado`, () => HttpResponse.error()));
  const { user, store } = renderApp(`/privacidade?fotos=${TOKEN}`);
  await user.click(await screen.findByRole('button', { name: 'Adicionar à minha coleção' }));
  expect(await screen.findByText(/^Sem conexão: as 2 fotos entram na Minha Coleção/)).toBeInTheDocument();
  const queued = store.getState().outbox.items.filter((item) => item.kind === 'collect');
  expect(queued.map((item) => (item.kind === 'collect' ? item.url : ''))).toEqual([PHOTO_A, PHOTO_B]);
});

it("says the server's reason for a link that shows no more photos", async () => {
  serve();
  renderApp(`/privacidade?fotos=${'A'.repeat(32)}`);
  expect(await screen.findByRole('alert')).toHaveTextContent('Este link não mostra mais fotos.');
  expect(screen.getByRole('link', { name: 'Ver Minha Coleção' })).toBeInTheDocument();
});

it('says a link that is not one is not valid', async () => {
  serve();
  renderApp('/privacidade?fotos=curto');
  expect(await screen.findByRole('alert')).toHaveTextContent('Este link não é válido');
});
