import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { EventPrintersReply } from '../../../../contract/wire';
import { DASHBOARD_POLL_MS } from '../../../../src/features/account/dashboardLive';
import { ANA, fakeIdentity } from '../../../support/fakeIdentity';
import { API, network } from '../../../support/network';
import { ownerOfFestaAna } from '../../../support/ownerDashboard';
import { renderApp } from '../../../support/renderWithProviders';

type Printers = EventPrintersReply;

/**
 * The owner's printing on the dashboard: the paper, every printer's state and the queue; `printers` may change as the
 * test goes.
 */
function serveDashboard(first?: Printers) {
  const saved: unknown[] = [];
  const now: { printers: Printers } = {
    printers: first ?? {
      printers: [
        { device: 'impressora-1', name: 'Impressora 1', state: 'out_of_paper', seenAt: new Date().toISOString() },
        { device: 'impressora-2', name: 'Impressora 2', state: 'offline', seenAt: '2026-11-20T15:00:00.000Z' },
        { device: 'impressora-3', name: 'Impressora 3', state: 'offline', seenAt: null },
      ],
      queued: 3,
      printing: 1,
    },
  };
  network.use(
    ...ownerOfFestaAna(),
    http.get(`${API}/events/festa_ana/impressoras`, () => HttpResponse.json(now.printers)),
    http.get(`${API}/events/festa_ana/impressao`, () => HttpResponse.json({ paper: '10x15' })),
    http.put(`${API}/events/festa_ana/impressao`, async ({ request }) => {
      const body = (await request.json()) as { paper: string };
      saved.push(body);
      return HttpResponse.json(body);
    }),
  );
  return { saved, now };
}

it("shows each printer's state by its name, when it was last heard from, and the queue", async () => {
  serveDashboard();
  renderApp('/account?secao=evento', { identity: fakeIdentity({ signedInAs: ANA }) });
  const section = await screen.findByRole('region', { name: 'Impressão' }, { timeout: 10_000 });
  const printers = await within(section).findAllByRole('listitem');
  expect(printers.map((item) => item.textContent)).toEqual([
    expect.stringMatching(/^Impressora 1: Sem papel \(vista às \d{2}:\d{2}\)$/),
    'Impressora 2: Sem conexão (vista em 20/11/2026 às 12:00)',
    'Impressora 3: Sem conexão',
  ]);
  expect(within(section).getByText('Na fila: 3 · Imprimindo: 1')).toBeInTheDocument();
  // Each printer that stopped is an alert with the prints waiting; one never heard from (never turned on) is not.
  expect(
    screen.getAllByRole('alert').map((alert) => alert.querySelector('.printer-alert__headline')?.textContent),
  ).toEqual(['Impressora 1 parou: sem papel.', 'Impressora 2 parou: sem conexão.']);
  expect(screen.getAllByRole('alert')[0]).toHaveTextContent('4 impressões esperando.');
});

const readyPrinter = (state: Printers['printers'][number]['state'], queued: number): Printers => ({
  printers: [{ device: 'impressora-1', name: 'Impressora', state, seenAt: new Date().toISOString() }],
  queued,
  printing: 0,
});

describe('while the party goes on', () => {
  // The dashboard's own clock (a poll every DASHBOARD_POLL_MS), moved by the test, never waited for.
  beforeEach(() => jest.useFakeTimers({ advanceTimers: true }));
  afterEach(() => jest.useRealTimers());
  const nextPoll = () => act(async () => void (await jest.advanceTimersByTimeAsync(DASHBOARD_POLL_MS)));

  it(`alerts the owner the moment a printer stops, named as the event names it, with the prints waiting, and clears \
when it is ready`, async () => {
    const { now } = serveDashboard(readyPrinter('ready', 0));
    renderApp('/account?secao=evento', { identity: fakeIdentity({ signedInAs: ANA }) });
    const section = await screen.findByRole('region', { name: 'Impressão' }, { timeout: 10_000 });
    const ready = await within(section).findByText('Pronta');
    expect(ready).not.toHaveClass('printer-state--stopped');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // The paper runs out during the party: the alert arrives without a reload, at the next poll.
    now.printers = readyPrinter('out_of_paper', 4);
    await nextPoll();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Impressora parou: sem papel.4 impressões esperando. Coloque papel na impressora: a fila volta a andar sozinha.',
    );
    expect(alert).not.toHaveTextContent('impressora-1');
    // Styled as an alert, not as the ready printer's plain text.
    expect(alert).toHaveClass('printer-alert');
    expect(within(section).getByText('Sem papel')).toHaveClass('printer-state--stopped');
    // First among the event's tools: above who sees it, the wall and the printing.
    const tools = screen.getByRole('region', { name: 'Telão' });
    expect(alert.compareDocumentPosition(tools) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    // Jammed, then gone: each says so.
    now.printers = readyPrinter('jammed', 5);
    await nextPoll();
    expect(await screen.findByText('Impressora parou: papel atolado.')).toBeInTheDocument();
    now.printers = readyPrinter('offline', 5);
    await nextPoll();
    expect(await screen.findByText('Impressora parou: sem conexão.')).toBeInTheDocument();

    // Ready again: the alert goes by itself.
    now.printers = readyPrinter('ready', 0);
    await nextPoll();
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });
});

it('saves the paper the printer holds', async () => {
  const { saved } = serveDashboard();
  const { user } = renderApp('/account?secao=evento', { identity: fakeIdentity({ signedInAs: ANA }) });
  const section = await screen.findByRole('region', { name: 'Impressão' }, { timeout: 10_000 });
  const paper = await within(section).findByRole('combobox', { name: 'Papel da impressora' });
  expect(paper).toHaveValue('10x15');
  await user.selectOptions(paper, '15 x 20 cm');
  expect(
    await within(section).findByText('Papel salvo: as próximas impressões saem nesse tamanho.'),
  ).toBeInTheDocument();
  expect(saved).toEqual([{ paper: '15x20' }]);
});
