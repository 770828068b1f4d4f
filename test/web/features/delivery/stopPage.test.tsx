import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API, network } from '../../../support/network';
import { renderApp } from '../../../support/renderWithProviders';

/**
 * A message's 'Parar de receber' link (docs/product.md#photos-delivered): `/parar/{token}` says what stopping does
 * and stops only when the guest taps the button (opening it stops nothing: a mail scanner follows links), without a
 * login; it says when it was done, and why not in Portuguese.
 */
const TOKEN = 'dG9rZW4tZGUtcGFyYXItZmVzdGFfYW5h_-sig';

function serveStop(answer: () => Response) {
  const asked: string[] = [];
  network.use(
    http.post(`${API}/entregas/parar/:token`, ({ params, request }) => {
      asked.push(`${String(params.token)} ${request.headers.get('idToken') ?? 'sem login'}`);
      return answer();
    }),
  );
  return asked;
}

it('says what stopping does, stops nothing until the button, then confirms it was done', async () => {
  const asked = serveStop(() => HttpResponse.json({ stopped: true, title: 'Festa da Ana' }));
  const { user } = renderApp(`/parar/${TOKEN}`);
  expect(await screen.findByRole('heading', { level: 1, name: 'Parar de receber fotos' })).toBeInTheDocument();
  expect(screen.getByText(/não enviamos mais nenhuma foto deste evento/)).toBeVisible();
  expect(asked).toEqual([]);

  await user.click(screen.getByRole('button', { name: 'Parar de receber' }));
  expect(await screen.findByRole('status')).toHaveTextContent(
    'Pronto: você não vai mais receber as fotos de Festa da Ana.',
  );
  expect(screen.getByRole('status')).toHaveFocus();
  expect(asked).toEqual([`${TOKEN} sem login`]);
  expect(screen.queryByRole('button', { name: 'Parar de receber' })).not.toBeInTheDocument();
});

it('says so kindly when it had stopped already', async () => {
  serveStop(() => HttpResponse.json({ stopped: false, title: '' }));
  const { user } = renderApp(`/parar/${TOKEN}`);
  await user.click(await screen.findByRole('button', { name: 'Parar de receber' }));
  expect(await screen.findByRole('status')).toHaveTextContent(
    'Você já tinha parado de receber: nada mais será enviado.',
  );
});

it.each([
  [
    'an expired link, in its own words',
    () => HttpResponse.json({ error: 'stop_link_expired', message: 'Este link expirou.' }, { status: 410 }),
    'Este link expirou.',
  ],
  [
    'an unknown link, without words',
    () => new HttpResponse(null, { status: 404 }),
    'Este link não é válido: confira se ele veio inteiro da mensagem que você recebeu.',
  ],
  ['a lost connection', () => HttpResponse.error(), 'Não foi possível parar agora: Sem conexão com o servidor.'],
])('tells of %s, and the button stays to try again', async (_case, answer, said) => {
  serveStop(answer);
  const { user } = renderApp(`/parar/${TOKEN}`);
  await user.click(await screen.findByRole('button', { name: 'Parar de receber' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(said);
  expect(screen.getByRole('button', { name: 'Parar de receber' })).toBeEnabled();
});

it('refuses a link that cannot be one without asking the server', async () => {
  const asked = serveStop(() => HttpResponse.json({ stopped: true, title: 'x' }));
  renderApp('/parar/curto');
  expect(await screen.findByRole('alert')).toHaveTextContent('Este link não é válido');
  expect(screen.queryByRole('button', { name: 'Parar de receber' })).not.toBeInTheDocument();
  expect(asked).toEqual([]);
});
