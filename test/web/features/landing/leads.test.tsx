import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { leadsCsv } from '../../../../src/features/team/LeadsList';
import { csvCell } from '../../../../src/lib/csv';
import { ANA, fakeIdentity } from '../../../support/fakeIdentity';
import { API, network } from '../../../support/network';
import { renderApp } from '../../../support/renderWithProviders';

const lead = (id: number, nome: string, comentarios = '') => ({
  id,
  createdAt: `2026-11-2${id}T12:00:00.000Z`,
  nome,
  evento: 'Casamento',
  data: '2026-12-01',
  email: `${nome.toLowerCase()}@example.com`,
  telefone: '(11) 98888-7777',
  instagram: '',
  tiktok: '',
  indicacao: 'Google',
  comentarios,
});

function serveTeam(team: 'ok' | 'no', leads = [lead(2, 'Bia'), lead(1, 'Ana', '=1+1')]) {
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
    http.get(`${API}/load_events`, () => HttpResponse.json([])),
    http.get(`${API}/check_team`, () => HttpResponse.text(team)),
    http.get(`${API}/leads`, () => HttpResponse.json(leads)),
  );
}

describe('the leads for the team', () => {
  it('shows the received leads, newest first, to the team', async () => {
    serveTeam('ok');
    const { user } = renderApp('/account', { identity: fakeIdentity({ signedInAs: ANA }) });
    await user.click(await screen.findByRole('button', { name: 'Contatos' }));
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1].textContent)).toEqual(['Bia', 'Ana']);
    // Dates the Brazilian way: the event's day as written, the arrival in Brasília time (UTC-3).
    const first = within(rows[0])
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(first[0]).toBe('22/11/2026, 09:00');
    expect(first[3]).toBe('01/12/2026');
    expect(screen.getByRole('button', { name: 'Exportar CSV' })).toBeInTheDocument();
  });

  it('is not offered to anyone else', async () => {
    serveTeam('no');
    renderApp('/account?secao=contatos', { identity: fakeIdentity({ signedInAs: ANA }) });
    await screen.findByRole('heading', { name: 'Olá, Ana!' });
    expect(screen.queryByRole('button', { name: 'Contatos' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('exports a CSV that a spreadsheet reads safely', () => {
    const csv = leadsCsv([lead(1, 'Zé "Bolha"', '=HYPERLINK("http://x")')]);
    const [header, row] = csv.replace('\uFEFF', '').trim().split('\r\n');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(header).toBe(
      'Recebido em;Nome;Evento;Data do evento;Email;Telefone;Instagram;TikTok;Como nos conheceu?;Comentários',
    );
    expect(row).toContain(';"Zé ""Bolha""";');
    expect(row).toContain(`;"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('-1')).toBe(`'-1`);
    expect(csvCell('@cmd')).toBe(`'@cmd`);
    expect(csvCell('normal')).toBe('normal');
    expect(csvCell(undefined)).toBe('');
  });

  it('writes dates the Brazilian way in the CSV too', () => {
    const [, row] = leadsCsv([lead(1, 'Ana')])
      .replace('\uFEFF', '')
      .trim()
      .split('\r\n');
    expect(row.startsWith('21/11/2026, 09:00;Ana;Casamento;01/12/2026;')).toBe(true);
  });
});
