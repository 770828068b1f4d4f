import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Deal } from '../../../../contract/wire';
import { ANA, fakeIdentity } from '../../../support/fakeIdentity';
import { API, network } from '../../../support/network';
import { renderApp } from '../../../support/renderWithProviders';
import { observeDownloads } from '../../../support/fileDownloads';

const DEALS: Deal[] = [
  {
    eventName: 'festa_ana',
    clientName: 'Ana Souza',
    eventDate: '2026-03-14',
    eventTime: '20:00',
    products: [
      { name: 'Cabine 360', hours: 4, accessories: [{ name: 'Props' }, { name: 'Tapete' }], quantity: 1 },
      { name: 'Álbum', hours: 0, accessories: [], quantity: 2 },
    ],
    total: 2000,
    rate: 10,
    discount: 0.1,
    status: 'approved', // 2000 × 10% × 90% = 180
  },
  {
    eventName: 'casamento_bia',
    clientName: '=HYPERLINK("http://x","clique")',
    eventDate: '2026-05-02',
    eventTime: '18:30',
    products: [{ name: 'Cabine Pad', hours: 3, accessories: [], quantity: 1 }],
    total: 1234.5,
    rate: 7.5,
    discount: 0.15,
    status: 'pending', // 1234.5 × 7.5% × 85% = 78.70 -> 79
  },
  {
    eventName: 'aniver_caio',
    clientName: 'Caio',
    eventDate: '2026-03-28',
    eventTime: '15:00',
    products: [{ name: 'Cabine Polaroid', hours: 2, accessories: [], quantity: 1 }],
    total: 1500,
    rate: 10,
    discount: 0,
    status: 'rejected', // would be 150: earns nothing
  },
  {
    eventName: 'formatura',
    clientName: 'Dani',
    eventDate: '2026-05-20',
    eventTime: '22:00',
    products: [{ name: 'Cabine 360', hours: 2, accessories: [], quantity: 1 }],
    total: 3000,
    rate: 10,
    discount: 0,
    status: 'approved', // 300
  },
];

/** Text as a person reads it: Intl's no-break spaces as spaces. */
function text(element: Element | null): string {
  return (element?.textContent ?? '').replace(/\u00a0/g, ' ').trim();
}

function serveDeals(deals: Deal[] = DEALS) {
  const tokens: (string | null)[] = [];
  network.use(
    http.get(`${API}/deals/buffet_ana`, ({ request }) => {
      tokens.push(request.headers.get('idToken'));
      return HttpResponse.json(deals);
    }),
    // The coupons' months below the deals (couponMonths.test.tsx).
    http.get(`${API}/deals/buffet_ana/coupons`, () => HttpResponse.json([])),
  );
  return tokens;
}

function openAsAna() {
  return renderApp('/deals?partner=buffet_ana', { identity: fakeIdentity({ signedInAs: ANA, token: 'tok' }) });
}

describe('the deals page', () => {
  it('lists every deal with its figures formatted and its status in Portuguese', async () => {
    const tokens = serveDeals();
    openAsAna();
    const table = await screen.findByRole('table', { name: 'Negócios' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => within(row).queryAllByRole('columnheader').map(text))[0]).toEqual([
      'Evento',
      'Cliente',
      'Data',
      'Horário',
      'Produtos',
      'Total',
      'Comissão',
      'Desconto',
      'Saldo',
      'Status',
    ]);
    const cells = rows.slice(1).map((row) => [...row.querySelectorAll('th, td')].map(text));
    expect(cells.map((row) => [...row.slice(0, 4), ...row.slice(5)])).toEqual([
      ['festa_ana', 'Ana Souza', '14/03/2026', '20:00', 'R$ 2.000,00', '10%', '10%', 'R$ 180,00', 'Pago'],
      [
        'casamento_bia',
        '=HYPERLINK("http://x","clique")',
        '02/05/2026',
        '18:30',
        'R$ 1.234,50',
        '7,5%',
        '15%',
        'R$ 79,00',
        'Aguardando pagamento',
      ],
      ['aniver_caio', 'Caio', '28/03/2026', '15:00', 'R$ 1.500,00', '10%', '0%', 'R$ 150,00', 'Recusado'],
      ['formatura', 'Dani', '20/05/2026', '22:00', 'R$ 3.000,00', '10%', '0%', 'R$ 300,00', 'Pago'],
    ]);
    expect(within(rows[1]).getAllByRole('listitem').map(text)).toEqual([
      'Cabine 360 · 4 h · Acessórios: Props, Tapete · Qtd. 1',
      'Álbum · Qtd. 2',
    ]);
    expect(within(rows[2]).getAllByRole('listitem').map(text)).toEqual(['Cabine Pad · 3 h · Qtd. 1']);
    expect(tokens).toEqual(['tok']);
  });

  it('sums up what was earned (paid deals) and what is to receive (pending ones), with the counts', async () => {
    serveDeals();
    openAsAna();
    const summary = await screen.findByRole('region', { name: 'Resumo' });
    const terms = within(summary).getAllByRole('term').map(text);
    const values = within(summary).getAllByRole('definition').map(text);
    expect(terms.map((term, i) => [term, values[i]])).toEqual([
      ['Ganhos', 'R$ 480,00 2 negócios pagos'],
      ['A receber', 'R$ 79,00 1 aguardando pagamento'],
      ['Negócios', '4 1 recusado'],
    ]);
  });

  it('charts the balance per month of the event, empty months included, with the same numbers in a table', async () => {
    serveDeals();
    openAsAna();
    const chart = await screen.findByRole('figure', { name: 'Saldo por mês do evento' });
    const bars = within(chart).getAllByRole('img');
    expect(bars.map((bar) => bar.getAttribute('aria-label')?.replace(/\u00a0/g, ' '))).toEqual([
      'março de 2026: R$ 180,00 pagos, R$ 0,00 a receber',
      'abril de 2026: R$ 0,00 pagos, R$ 0,00 a receber',
      'maio de 2026: R$ 300,00 pagos, R$ 79,00 a receber',
    ]);
    // Each bar carries a tooltip with the same words.
    expect(bars.map((bar) => text(bar.querySelector('title')))).toEqual(
      bars.map((bar) => bar.getAttribute('aria-label')?.replace(/\u00a0/g, ' ')),
    );
    // The tallest bar (May, 379) fills the chart; March's paid part is 180/379 of it.
    const [march, , may] = bars.map((bar) =>
      [...bar.querySelectorAll('rect')].map((rect) => Number(rect.getAttribute('height'))),
    );
    expect(march[0] / (may[0] + may[1])).toBeCloseTo(180 / 379);
    expect(march[1]).toBe(0);
    const table = within(chart).getByRole('table', { name: 'Saldo por mês do evento, em reais' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => [...row.querySelectorAll('th, td')].map(text)),
    ).toEqual([
      ['Mês', 'Pago', 'A receber'],
      ['março de 2026', 'R$ 180,00', 'R$ 0,00'],
      ['abril de 2026', 'R$ 0,00', 'R$ 0,00'],
      ['maio de 2026', 'R$ 300,00', 'R$ 79,00'],
    ]);
  });

  describe('Exportar CSV', () => {
    const { created, downloads } = observeDownloads('blob:deals');

    it(`downloads the deals as a Brazilian spreadsheet reads them: ';', decimal commas, dd/mm/aaaa, formulas \
neutralised`, async () => {
      serveDeals();
      const { user } = openAsAna();
      await user.click(await screen.findByRole('button', { name: 'Exportar CSV' }));
      expect(downloads).toEqual(['deals-buffet_ana.csv blob:deals']);
      expect(created[0].type).toBe('text/csv;charset=utf-8');
      // Blob.text() would drop the byte-order mark that makes Excel read UTF-8: keep it.
      const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await created[0].arrayBuffer());
      expect(csv.startsWith('\uFEFF')).toBe(true);
      expect(csv.slice(1).split('\r\n')).toEqual([
        'Evento;Cliente;Data do evento;Horário;Produtos;Total (R$);Comissão (%);Desconto (%);Saldo (R$);Status',
        'festa_ana;Ana Souza;14/03/2026;20:00;"Cabine 360 · 4 h · Acessórios: Props, Tapete · Qtd. 1; Álbum · ' +
          'Qtd. 2";2000,00;10;10;180,00;Pago',
        `casamento_bia;"'=HYPERLINK(""http://x"",""clique"")";02/05/2026;18:30;Cabine Pad · 3 h · Qtd. 1;1234,` +
          `50;7,5;15;79,00;Aguardando pagamento`,
        'aniver_caio;Caio;28/03/2026;15:00;Cabine Polaroid · 2 h · Qtd. 1;1500,00;10;0;150,00;Recusado',
        'formatura;Dani;20/05/2026;22:00;Cabine 360 · 2 h · Qtd. 1;3000,00;10;0;300,00;Pago',
        '',
      ]);
    });
  });

  describe('on a phone', () => {
    const matchMedia = window.matchMedia;
    beforeEach(() => {
      // jsdom lays nothing out: the phone is the media query the page asks about, answered yes.
      window.matchMedia = (query: string) =>
        ({
          matches: query === '(max-width: 767px)',
          media: query,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
        }) as unknown as MediaQueryList;
    });
    afterEach(() => {
      window.matchMedia = matchMedia;
    });

    it('shows each deal as a card, its balance and status first, without the wide table', async () => {
      serveDeals();
      openAsAna();
      const list = await screen.findByRole('list', { name: 'Negócios' });
      expect(screen.queryByRole('table', { name: 'Negócios' })).not.toBeInTheDocument();
      const cards = within(list).getAllByRole('article');
      expect(cards.map((card) => text(within(card).getByRole('heading')))).toEqual([
        'festa_ana',
        'casamento_bia',
        'aniver_caio',
        'formatura',
      ]);
      expect(cards.map((card) => text(card.querySelector('.deal-card__headline')))).toEqual([
        'Saldo R$ 180,00Pago',
        'Saldo R$ 79,00Aguardando pagamento',
        'Saldo R$ 150,00Recusado',
        'Saldo R$ 300,00Pago',
      ]);
      const facts = within(cards[1])
        .getAllByRole('term')
        .map((term) => [text(term), text(term.nextElementSibling)]);
      expect(facts).toEqual([
        ['Cliente', '=HYPERLINK("http://x","clique")'],
        ['Data', '02/05/2026 às 18:30'],
        ['Total', 'R$ 1.234,50'],
        ['Comissão', '7,5%'],
        ['Desconto', '15%'],
        ['Produtos', 'Cabine Pad · 3 h · Qtd. 1'],
      ]);
      expect(within(cards[0]).getAllByRole('listitem').map(text)).toEqual([
        'Cabine 360 · 4 h · Acessórios: Props, Tapete · Qtd. 1',
        'Álbum · Qtd. 2',
      ]);
    });
  });

  it("says 'Nenhum negócio ainda.' when there is none, without a summary or an export", async () => {
    serveDeals([]);
    openAsAna();
    expect(await screen.findByText('Nenhum negócio ainda.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Exportar CSV' })).not.toBeInTheDocument();
    expect(screen.queryByRole('figure')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para a Página do Parceiro' })).toHaveAttribute(
      'href',
      '/partner?partner=buffet_ana',
    );
  });

  it("says 'Você não tem acesso a este parceiro.' to another account", async () => {
    network.use(
      http.get(`${API}/deals/buffet_ana`, () =>
        HttpResponse.json(
          { error: 'not_your_partner', message: 'Você não tem acesso a este parceiro.' },
          { status: 403 },
        ),
      ),
    );
    openAsAna();
    expect(await screen.findByRole('alert')).toHaveTextContent('Você não tem acesso a este parceiro.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('offers the login to a visitor who is not signed in, without asking the server', async () => {
    renderApp('/deals?partner=buffet_ana');
    expect(await screen.findByRole('alert')).toHaveTextContent('Entre com a conta do parceiro para ver esta página.');
    expect(screen.getByRole('link', { name: 'Entrar' })).toHaveAttribute(
      'href',
      `/login?${new URLSearchParams({ volta: '/deals?partner=buffet_ana' }).toString()}`,
    );
  });

  it('offers to try again when the network fails', async () => {
    let fail = true;
    network.use(
      http.get(`${API}/deals/buffet_ana`, () => (fail ? HttpResponse.error() : HttpResponse.json(DEALS))),
      http.get(`${API}/deals/buffet_ana/coupons`, () => HttpResponse.json([])),
    );
    const { user } = openAsAna();
    expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível carregar os negócios.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('table', { name: 'Negócios' })).toBeInTheDocument();
  });
});
