import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ANA, fakeIdentity } from '../../../support/fakeIdentity';
import { API, network } from '../../../support/network';
import { renderApp } from '../../../support/renderWithProviders';

/** The owner's live wall on the dashboard: open it, and give a TV its link. */
const created = (visibility: string) => ({
  orderId: '123456789',
  eventName: 'Aniversário',
  eventCreated: 1,
  createdName: 'festa_ana',
  visibility,
  products: [],
});

function serveDashboard(visibility: string, link: { key: string | null }) {
  const calls: { method: string; token: string | null }[] = [];
  const reply = () => HttpResponse.json({ publicId: 'festa-ana-1', key: link.key, visibility });
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
    http.get(`${API}/load_events`, () => HttpResponse.json([created(visibility)])),
    http.get(`${API}/check_team`, () => HttpResponse.text('no')),
    http.get(`${API}/events/:bname/access`, () => HttpResponse.json({ agents: 0, accounts: 0 })),
    http.get(`${API}/events/festa_ana/telao`, reply),
    http.post(`${API}/events/festa_ana/telao`, ({ request }) => {
      calls.push({ method: 'POST', token: request.headers.get('idToken') });
      link.key = `NovaChave${calls.length}0123456789abcdefABCDEFG`;
      return reply();
    }),
    http.delete(`${API}/events/festa_ana/telao`, ({ request }) => {
      calls.push({ method: 'DELETE', token: request.headers.get('idToken') });
      link.key = null;
      return reply();
    }),
  );
  return calls;
}

async function openWallSection() {
  const view = renderApp('/account?secao=evento', { identity: fakeIdentity({ signedInAs: ANA }) });
  const section = await screen.findByRole('region', { name: 'Telão' }, { timeout: 10_000 });
  return {
    ...view,
    section: await within(section)
      .findByRole('link', { name: 'Abrir o telão' })
      .then(() => section),
  };
}

it("opens a public event's wall from the account, and gives its link to copy for the TV", async () => {
  serveDashboard('public', { key: null });
  const { section } = await openWallSection();
  expect(within(section).getByRole('link', { name: 'Abrir o telão' })).toHaveAttribute(
    'href',
    '/telao?evento=festa-ana-1',
  );
  expect(within(section).getByRole('textbox', { name: 'Link do telão para a TV' })).toHaveValue(
    'http://localhost/telao?evento=festa-ana-1',
  );
  expect(within(section).queryByRole('button', { name: 'Criar link do telão' })).not.toBeInTheDocument();
});

it("makes a private event's wall link, changes it and revokes it, with the owner's token", async () => {
  const calls = serveDashboard('private', { key: null });
  const { section, user } = await openWallSection();
  expect(within(section).queryByRole('textbox', { name: 'Link do telão para a TV' })).not.toBeInTheDocument();
  expect(within(section).getByText(/crie um link do telão/)).toBeInTheDocument();

  await user.click(within(section).getByRole('button', { name: 'Criar link do telão' }));
  expect(await within(section).findByRole('textbox', { name: 'Link do telão para a TV' })).toHaveValue(
    'http://localhost/telao?evento=festa-ana-1&chave=NovaChave10123456789abcdefABCDEFG',
  );
  expect(
    within(section).getByText('Link do telão pronto. O link anterior, se havia, parou de abrir o telão.'),
  ).toHaveAttribute('role', 'status');

  await user.click(within(section).getByRole('button', { name: 'Trocar o link do telão' }));
  expect(
    await within(section).findByDisplayValue(
      'http://localhost/telao?evento=festa-ana-1&chave=NovaChave20123456789abcdefABCDEFG',
    ),
  ).toBeInTheDocument();

  await user.click(within(section).getByRole('button', { name: 'Revogar o link do telão' }));
  expect(
    await within(section).findByText('Link do telão revogado: nenhuma TV abre mais o telão por ele.'),
  ).toBeInTheDocument();
  expect(within(section).queryByRole('textbox', { name: 'Link do telão para a TV' })).not.toBeInTheDocument();
  expect(calls).toEqual([
    { method: 'POST', token: expect.any(String) },
    { method: 'POST', token: expect.any(String) },
    { method: 'DELETE', token: expect.any(String) },
  ]);
});

it('says why when the link cannot be made, and keeps what was there', async () => {
  serveDashboard('private', { key: null });
  network.use(
    http.post(`${API}/events/festa_ana/telao`, () =>
      HttpResponse.json({ error: 'forbidden', message: 'Sem permissão.' }, { status: 403 }),
    ),
  );
  const { section, user } = await openWallSection();
  await user.click(within(section).getByRole('button', { name: 'Criar link do telão' }));
  expect(await within(section).findByRole('alert')).toHaveTextContent(
    'Não foi possível mudar o link do telão: Sem permissão.',
  );
  expect(within(section).queryByRole('textbox', { name: 'Link do telão para a TV' })).not.toBeInTheDocument();
});
