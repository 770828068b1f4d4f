import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { EventContactsReply, GuestContact } from '../../../../contract/wire';
import { DASHBOARD_POLL_MS } from '../../../../src/features/account/dashboardLive';
import { ANA, fakeIdentity } from '../../../support/fakeIdentity';
import { API, network } from '../../../support/network';
import { ownerOfFestaAna } from '../../../support/ownerDashboard';
import { renderApp } from '../../../support/renderWithProviders';
import { observeDownloads } from '../../../support/fileDownloads';

/**
 * 'Contatos dos convidados' on the owner's dashboard (docs/privacy.md#guests-contacts): off by default,
 * said before it is turned on; on, the contacts follow the party, and 'Baixar CSV' hands them to a
 * spreadsheet.
 */
const BIA: GuestContact = {
  name: 'Bia Souza',
  whatsapp: '+5511987654321',
  email: null,
  leftAt: '2026-09-20T23:30:00.000Z',
  expiresAt: '2026-12-19T23:30:00.000Z',
};
const CAIO: GuestContact = {
  name: '=HYPERLINK("x")',
  whatsapp: null,
  email: 'caio@exemplo.com',
  leftAt: '2026-09-21T00:05:00.000Z',
  expiresAt: '2026-12-20T00:05:00.000Z',
};

function serveDashboard(initial: EventContactsReply) {
  const state = { now: initial, puts: [] as unknown[], gets: 0 };
  network.use(
    ...ownerOfFestaAna(),
    http.get(`${API}/events/festa_ana/contatos`, () => {
      state.gets += 1;
      return HttpResponse.json(state.now);
    }),
    http.put(`${API}/events/festa_ana/contatos`, async ({ request }) => {
      const body = (await request.json()) as { enabled: boolean; days: 30 | 90 | 180 | 365 };
      state.puts.push(body);
      state.now = { ...state.now, ...body };
      return HttpResponse.json(state.now);
    }),
  );
  return state;
}

const nextPoll = () => act(async () => void (await jest.advanceTimersByTimeAsync(DASHBOARD_POLL_MS)));
const openSection = () => screen.findByRole('region', { name: 'Contatos dos convidados' }, { timeout: 10_000 });

afterEach(() => jest.useRealTimers());

it(`is off by default and says what it does; turned on with its days, it follows the contacts left during the \
party`, async () => {
  jest.useFakeTimers({ advanceTimers: true });
  const server = serveDashboard({ enabled: false, days: 90, contacts: [] });
  const { user } = renderApp('/account?secao=evento', { identity: fakeIdentity({ signedInAs: ANA }) });
  const section = await openSection();
  expect(section).toHaveTextContent('Desligado, nada é perguntado.');
  const toggle = await within(section).findByRole('switch', { name: 'Pedir contato aos convidados (desligado)' });
  expect(toggle).not.toBeChecked();
  // Off, nothing moves.
  const asked = server.gets;
  await nextPoll();
  expect(server.gets).toBe(asked);

  await user.click(toggle);
  expect(await within(section).findByRole('switch', { name: 'Pedir contato aos convidados (ligado)' })).toBeChecked();
  await user.selectOptions(within(section).getByRole('combobox', { name: 'Guardar cada contato por' }), '30 dias');
  expect(server.puts).toEqual([
    { enabled: true, days: 90 },
    { enabled: true, days: 30 },
  ]);
  expect(within(section).getByRole('status')).toHaveTextContent('0 contatos deixados');

  server.now = { ...server.now, contacts: [BIA] };
  await nextPoll();
  expect(await within(section).findByText('1 contato deixado')).toBeInTheDocument();
  const table = within(section).getByRole('table');
  expect(within(table).getByRole('row', { name: /Bia Souza \+55 \(11\) 98765-4321 20\/09\/2026/ })).toBeInTheDocument();
});

describe('Baixar CSV', () => {
  const { created, downloads } = observeDownloads('blob:contatos');

  it(`downloads the contacts as a Brazilian spreadsheet reads them: ';', a BOM, dd/mm/aaaa, formulas \
neutralised`, async () => {
    serveDashboard({ enabled: true, days: 90, contacts: [CAIO, BIA] });
    const { user } = renderApp('/account?secao=evento', { identity: fakeIdentity({ signedInAs: ANA }) });
    const section = await openSection();
    await user.click(await within(section).findByRole('button', { name: 'Baixar CSV' }));
    expect(downloads).toEqual(['contatos-festa_ana.csv blob:contatos']);
    expect(created[0].type).toBe('text/csv;charset=utf-8');
    const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await created[0].arrayBuffer());
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Nome;WhatsApp;E-mail;Deixado em;Apagado em',
      `"'=HYPERLINK(""x"")";;caio@exemplo.com;20/09/2026, 21:05;19/12/2026, 21:05`,
      'Bia Souza;(11) 98765-4321;;20/09/2026, 20:30;19/12/2026, 20:30',
      '',
    ]);
  });
});

it('says so when the server refuses, and the switch stays as the server has it', async () => {
  serveDashboard({ enabled: false, days: 90, contacts: [] });
  network.use(
    http.put(`${API}/events/festa_ana/contatos`, () =>
      HttpResponse.json(
        { error: 'not_event_owner', message: 'Só quem contratou o evento pode mudar isso.' },
        { status: 403 },
      ),
    ),
  );
  const { user } = renderApp('/account?secao=evento', { identity: fakeIdentity({ signedInAs: ANA }) });
  const section = await openSection();
  await user.click(await within(section).findByRole('switch', { name: 'Pedir contato aos convidados (desligado)' }));
  expect(await within(section).findByRole('alert')).toHaveTextContent(
    'Não foi possível mudar os contatos: Só quem contratou o evento pode mudar isso.',
  );
  expect(within(section).getByRole('switch', { name: 'Pedir contato aos convidados (desligado)' })).not.toBeChecked();
});
