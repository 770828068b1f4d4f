import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { browserCookieJar } from '../../../../src/session/cookieJar';
import { API, network } from '../../../support/network';
import { renderApp } from '../../../support/renderWithProviders';
import { sessionOf } from '../../../support/session';

/**
 * A collect link of a photo the event's host hid (docs/product.md#moderation): said kindly, as the host's choice and
 * not as an error, and nothing collected.
 */
it("says kindly that the host hid the photo, collects nothing, and still leads to the event's gallery", async () => {
  const hidden = '/media/festa_ana/pad/oculta.jpg';
  network.use(
    http.head(
      `http://localhost${hidden}`,
      () => new HttpResponse(null, { status: 404, headers: { 'X-Media-Hidden': '1' } }),
    ),
    http.get(`${API}/eventos/festa_ana/:agent`, () =>
      HttpResponse.json([
        {
          title: 'festa_ana',
          displayTitle: 'Festa da Ana',
          visible: true,
          visibility: 'public',
          profile: '',
          cover: '',
          photos: 3,
          devices: ['pad'],
        },
      ]),
    ),
  );
  const { store } = renderApp(`/collect?id=${hidden}`, { cookies: browserCookieJar });
  expect(await screen.findByText(/^Quem organiza o evento preferiu não mostrar esta foto\./)).toHaveTextContent(
    'Quem organiza o evento preferiu não mostrar esta foto. As outras fotos do evento continuam na galeria. Nada foi ' +
      'adicionado à sua coleção.',
  );
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(screen.queryByText(/não foi encontrada/)).not.toBeInTheDocument();
  expect(await screen.findByRole('button', { name: 'Ir para Evento' })).toBeInTheDocument();
  expect(screen.queryByText('Coletado!')).not.toBeInTheDocument();
  expect(sessionOf(store.getState()).collection).toEqual([]);
});
