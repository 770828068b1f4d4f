import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ANA, fakeIdentity } from '../../../support/fakeIdentity';
import { API, network } from '../../../support/network';
import { renderApp } from '../../../support/renderWithProviders';

/** The owner's printing on the dashboard (issue 27): the paper, every printer's state and the queue. */
function serveDashboard() {
  const saved: unknown[] = [];
  network.use(
    http.get(`${API}/account`, () => HttpResponse.json({ email: ANA.email, displayName: 'Ana', photoURL: '', partner: '', events: [], transactions: [] })),
    http.get(`${API}/load_transactions`, () => HttpResponse.json([])),
    http.get(`${API}/load_events`, () =>
      HttpResponse.json([{ orderId: '123456789', eventName: 'Aniversário', eventCreated: 1, createdName: 'festa_ana', visibility: 'public', products: [] }]),
    ),
    http.get(`${API}/check_team`, () => HttpResponse.text('no')),
    http.get(`${API}/events/festa_ana/impressoras`, () =>
      HttpResponse.json({
        printers: [
          { device: 'impressora-1', state: 'out_of_paper', seenAt: new Date().toISOString() },
          { device: 'impressora-2', state: 'offline', seenAt: '2026-11-20T15:00:00.000Z' },
          { device: 'impressora-3', state: 'offline', seenAt: null },
        ],
        queued: 3,
        printing: 1,
      }),
    ),
    http.get(`${API}/events/festa_ana/impressao`, () => HttpResponse.json({ paper: '10x15' })),
    http.put(`${API}/events/festa_ana/impressao`, async ({ request }) => {
      const body = (await request.json()) as { paper: string };
      saved.push(body);
      return HttpResponse.json(body);
    }),
  );
  return saved;
}

it("shows each printer's state, when it was last heard from, and the queue", async () => {
  serveDashboard();
  renderApp('/account?secao=evento', { identity: fakeIdentity({ signedInAs: ANA }) });
  const section = await screen.findByRole('region', { name: 'Impressão' }, { timeout: 10_000 });
  const printers = await within(section).findAllByRole('listitem');
  expect(printers.map((item) => item.textContent)).toEqual([
    expect.stringMatching(/^Impressora impressora-1: Sem papel \(vista às \d{2}:\d{2}\)$/),
    'Impressora impressora-2: Sem conexão (vista em 20/11/2026 às 12:00)',
    'Impressora impressora-3: Sem conexão',
  ]);
  expect(within(section).getByText('Na fila: 3 · Imprimindo: 1')).toBeInTheDocument();
});

it('saves the paper the printer holds', async () => {
  const saved = serveDashboard();
  const { user } = renderApp('/account?secao=evento', { identity: fakeIdentity({ signedInAs: ANA }) });
  const section = await screen.findByRole('region', { name: 'Impressão' }, { timeout: 10_000 });
  const paper = await within(section).findByRole('combobox', { name: 'Papel da impressora' });
  expect(paper).toHaveValue('10x15');
  await user.selectOptions(paper, '15 x 20 cm');
  expect(await within(section).findByText('Papel salvo: as próximas impressões saem nesse tamanho.')).toBeInTheDocument();
  expect(saved).toEqual([{ paper: '15x20' }]);
});
