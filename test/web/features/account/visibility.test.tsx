import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ANA, fakeIdentity } from '../../../support/fakeIdentity';
import { API, network } from '../../../support/network';
import { ownerOfFestaAna } from '../../../support/ownerDashboard';
import { renderApp } from '../../../support/renderWithProviders';

/** The owner's control of who sees a created event's media (public, link-only, private). */
const created = {
  orderId: '123456789',
  eventName: 'Aniversário',
  eventCreated: 1,
  createdName: 'festa_ana',
  visibility: 'public',
  products: [],
};

function serveDashboard(saved: { body: unknown; token: string | null }[], answer: () => Response) {
  network.use(
    ...ownerOfFestaAna(),
    http.put(`${API}/events/:bname/visibility`, async ({ request, params }) => {
      saved.push({
        body: { bname: params.bname, ...((await request.json()) as object) },
        token: request.headers.get('idToken'),
      });
      return answer();
    }),
  );
}

async function openControl() {
  const view = renderApp('/account?secao=evento', { identity: fakeIdentity({ signedInAs: ANA }) });
  const group = await screen.findByRole('group', { name: 'Quem vê as fotos de festa_ana' }, { timeout: 10_000 });
  return { ...view, group };
}

it('offers the three choices with their explanations, the current one checked', async () => {
  serveDashboard([], () => HttpResponse.json({}));
  const { group } = await openControl();
  const radios = within(group).getAllByRole('radio');
  expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(['public', 'link', 'private']);
  expect(within(group).getByRole('radio', { name: 'Público' })).toBeChecked();
  expect(within(group).getByRole('radio', { name: 'Somente com o link' })).toHaveAccessibleDescription(
    'Só quem esteve no evento (abriu o link de uma foto ou usou um pack) ou recebeu o link do evento vê as ' +
      'fotos, sem precisar entrar.',
  );
  expect(within(group).getByRole('radio', { name: 'Privado' })).toHaveAccessibleDescription(
    'Só quem esteve no evento (abriu o link de uma foto ou usou um pack) vê as fotos, entrando na conta. Ter ' +
      'uma conta não basta.',
  );
});

it("shows 'Salvar visibilidade' as the app's button, not the browser's bare one", async () => {
  serveDashboard([], () => HttpResponse.json({}));
  await openControl();
  expect(screen.getByRole('button', { name: 'Salvar visibilidade' })).toHaveClass('button');
});

it("saves the owner's choice with their token and says so", async () => {
  const saved: { body: unknown; token: string | null }[] = [];
  serveDashboard(saved, () => HttpResponse.json({ bname: 'festa_ana', visibility: 'private' }));
  const { group, user } = await openControl();
  await user.click(within(group).getByRole('radio', { name: 'Privado' }));
  await user.click(screen.getByRole('button', { name: 'Salvar visibilidade' }));
  expect(await screen.findByText('Visibilidade do evento salva.')).toBeInTheDocument();
  expect(saved).toEqual([
    { body: { bname: 'festa_ana', visibility: 'private' }, token: expect.stringMatching(/^token-/) },
  ]);
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

it("shows the server's refusal in Portuguese, and no success", async () => {
  serveDashboard([], () =>
    HttpResponse.json(
      { error: 'not_event_owner', message: 'Só quem contratou o evento pode mudar quem vê as fotos.' },
      { status: 403 },
    ),
  );
  const { group, user } = await openControl();
  await user.click(within(group).getByRole('radio', { name: 'Somente com o link' }));
  await user.click(screen.getByRole('button', { name: 'Salvar visibilidade' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Não foi possível salvar: Só quem contratou o evento pode mudar quem vê as fotos.',
  );
  expect(screen.queryByText('Visibilidade do evento salva.')).not.toBeInTheDocument();
});

describe("the guests' access to a link-only or private event", () => {
  function serveAccess(visibility: string, calls: { method: string; token: string | null }[]) {
    let agents = 12;
    network.use(
      http.get(`${API}/account`, () =>
        HttpResponse.json({
          email: ANA.email,
          displayName: 'Ana',
          photoURL: '',
          partner: '',
          events: [],
          transactions: [],
        }),
      ),
      http.get(`${API}/load_transactions`, () => HttpResponse.json([])),
      http.get(`${API}/load_events`, () => HttpResponse.json([{ ...created, visibility }])),
      http.get(`${API}/check_team`, () => HttpResponse.text('no')),
      http.get(`${API}/events/festa_ana/access`, ({ request }) => {
        calls.push({ method: 'GET', token: request.headers.get('idToken') });
        return HttpResponse.json({ agents, accounts: agents === 0 ? 0 : 1 });
      }),
      http.post(`${API}/events/festa_ana/access/revoke`, ({ request }) => {
        calls.push({ method: 'POST', token: request.headers.get('idToken') });
        agents = 0;
        return HttpResponse.json({ publicId: 'novoLink1234' });
      }),
    );
  }

  it('says how many have access, and takes it from every guest only once the owner confirms', async () => {
    const calls: { method: string; token: string | null }[] = [];
    serveAccess('link', calls);
    const { user } = renderApp('/account?secao=evento', { identity: fakeIdentity({ signedInAs: ANA }) });
    const access = await screen.findByRole(
      'region',
      { name: 'Convidados com acesso a festa_ana' },
      { timeout: 10_000 },
    );
    expect(await within(access).findByText(/12 aparelhos e 1 conta de\s+convidados/)).toBeInTheDocument();

    // A first tap only asks; 'Cancelar' changes nothing.
    await user.click(within(access).getByRole('button', { name: 'Tirar o acesso de todos' }));
    expect(within(access).getByText(/O link do evento muda/)).toBeInTheDocument();
    await user.click(within(access).getByRole('button', { name: 'Cancelar' }));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.click(within(access).getByRole('button', { name: 'Tirar o acesso de todos' }));
    await user.click(within(access).getByRole('button', { name: 'Sim, tirar o acesso' }));
    expect(
      await within(access).findByText('Acesso retirado de todos os convidados. O link do evento mudou.'),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([{ method: 'POST', token: expect.any(String) }]);
    // The new link at once, to copy or to scan: the old one opens nothing now.
    expect(within(access).getByRole('textbox', { name: 'Novo link do evento' })).toHaveValue(
      'http://localhost/eventos/evento?id=novoLink1234',
    );
    expect(within(access).getByRole('button', { name: 'Copiar link' })).toBeInTheDocument();
    expect(await within(access).findByRole('img', { name: 'QR code do novo link do evento' })).toBeInTheDocument();
    // The counts are asked again: nobody has access now.
    expect(await within(access).findByText(/0 aparelhos e 0 contas de\s+convidados/)).toBeInTheDocument();
  });

  it(`tells the owner of a private event how its guests come back, not to send its link, which lets nobody \
in`, async () => {
    const calls: { method: string; token: string | null }[] = [];
    serveAccess('private', calls);
    const { user } = renderApp('/account?secao=evento', { identity: fakeIdentity({ signedInAs: ANA }) });
    const access = await screen.findByRole(
      'region',
      { name: 'Convidados com acesso a festa_ana' },
      { timeout: 10_000 },
    );
    await user.click(within(access).getByRole('button', { name: 'Tirar o acesso de todos' }));
    await user.click(within(access).getByRole('button', { name: 'Sim, tirar o acesso' }));
    expect(await within(access).findByText('Acesso retirado de todos os convidados.')).toBeInTheDocument();
    expect(within(access).getByText(/o link do evento não dá acesso a ninguém/)).toBeInTheDocument();
    expect(within(access).getByText(/ao escanear um QR code do telão/)).toBeInTheDocument();
    expect(within(access).queryByRole('textbox', { name: 'Novo link do evento' })).not.toBeInTheDocument();
    expect(within(access).queryByText(/Envie só a quem deve ver as fotos/)).not.toBeInTheDocument();
    expect(within(access).queryByRole('img', { name: 'QR code do novo link do evento' })).not.toBeInTheDocument();
  });

  it("is not there for a public event, which is everyone's", async () => {
    const calls: { method: string; token: string | null }[] = [];
    serveAccess('public', calls);
    renderApp('/account?secao=evento', { identity: fakeIdentity({ signedInAs: ANA }) });
    await screen.findByRole('group', { name: 'Quem vê as fotos de festa_ana' }, { timeout: 10_000 });
    expect(screen.queryByRole('region', { name: 'Convidados com acesso a festa_ana' })).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});

describe('a suspended event', () => {
  it.each([
    ['refunded', 'o pagamento deste pedido foi estornado'],
    ['charged_back', 'o pagamento deste pedido foi contestado no cartão'],
  ] as const)('(%s) says why nobody sees it, and offers no control of who sees it', async (suspended, why) => {
    network.use(
      http.get(`${API}/account`, () =>
        HttpResponse.json({
          email: ANA.email,
          displayName: 'Ana',
          photoURL: '',
          partner: '',
          events: [],
          transactions: [],
        }),
      ),
      http.get(`${API}/load_transactions`, () => HttpResponse.json([])),
      http.get(`${API}/load_events`, () => HttpResponse.json([{ ...created, visibility: 'private', suspended }])),
      http.get(`${API}/check_team`, () => HttpResponse.text('no')),
    );
    renderApp('/account?secao=evento', { identity: fakeIdentity({ signedInAs: ANA }) });
    const note = await screen.findByRole('note', undefined, { timeout: 10_000 });
    expect(note).toHaveTextContent(
      `Evento suspenso: ${why}. Ninguém vê as fotos do evento enquanto isso; fale com a nossa equipe para resolver.`,
    );
    expect(screen.queryByRole('group', { name: 'Quem vê as fotos de festa_ana' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Convidados com acesso a festa_ana' })).not.toBeInTheDocument();
  });
});
