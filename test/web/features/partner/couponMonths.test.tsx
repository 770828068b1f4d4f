import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { CouponReport } from '../../../../contract/wire';
import { ANA, fakeIdentity } from '../../../support/fakeIdentity';
import { API, network } from '../../../support/network';
import { renderApp } from '../../../support/renderWithProviders';

const REPORTS: CouponReport[] = [
  {
    coupon: 'BUFFET_ANA-7Q2K9X4M1B8C3D5F',
    contractTitle: 'Contrato 2',
    months: [
      { month: '2026-11', visits: 1234, orders: 3, paidOrders: 2, commission: 1480.5 },
      { month: '2026-09', visits: 12, orders: 0, paidOrders: 0, commission: 0 },
    ],
  },
  {
    coupon: 'BUFFET_ANA-0000000000000001',
    contractTitle: 'Contrato 1',
    months: [{ month: '2026-03', visits: 5, orders: 1, paidOrders: 1, commission: 180 }],
  },
];

/** Text as a person reads it: Intl's no-break spaces as spaces. */
function text(element: Element | null): string {
  return (element?.textContent ?? '').replace(/\u00a0/g, ' ').trim();
}

/** The deals page with no deal, and the coupons' months answered by `coupons`; counts the calls. */
function serve(coupons: () => Response) {
  const calls: (string | null)[] = [];
  network.use(
    http.get(`${API}/deals/buffet_ana`, () => HttpResponse.json([])),
    http.get(`${API}/deals/buffet_ana/coupons`, ({ request }) => {
      calls.push(request.headers.get('idToken'));
      return coupons();
    }),
  );
  return calls;
}

function openAsAna() {
  return renderApp('/deals?partner=buffet_ana', { identity: fakeIdentity({ signedInAs: ANA, token: 'tok' }) });
}

function rowsOf(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map(text));
}

describe("the deals page's coupons by month", () => {
  it('shows each coupon a table of its months: visits, orders, paid orders and commission in reais', async () => {
    const calls = serve(() => HttpResponse.json(REPORTS));
    openAsAna();
    const section = await screen.findByRole('region', { name: 'Seus cupons por mês' });
    const first = await within(section).findByRole('table', {
      name: 'Contrato 2 · cupom BUFFET_ANA-7Q2K9X4M1B8C3D5F',
    });
    expect(rowsOf(first)).toEqual([
      ['Mês', 'Visitas', 'Pedidos', 'Pagos', 'Comissão'],
      ['novembro de 2026', '1.234', '3', '2', 'R$ 1.480,50'],
      ['setembro de 2026', '12', '0', '0', 'R$ 0,00'],
    ]);
    const second = within(section).getByRole('table', { name: 'Contrato 1 · cupom BUFFET_ANA-0000000000000001' });
    expect(rowsOf(second)).toEqual([
      ['Mês', 'Visitas', 'Pedidos', 'Pagos', 'Comissão'],
      ['março de 2026', '5', '1', '1', 'R$ 180,00'],
    ]);
    expect(within(first).getAllByRole('rowheader').map(text)).toEqual(['novembro de 2026', 'setembro de 2026']);
    expect(calls).toEqual(['tok']);
  });

  it("says so when no coupon was used yet, beside the deals' own empty state", async () => {
    serve(() => HttpResponse.json([]));
    openAsAna();
    const section = await screen.findByRole('region', { name: 'Seus cupons por mês' });
    expect(await within(section).findByText('Nenhum cupom usado ainda.')).toBeInTheDocument();
    expect(within(section).queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('Nenhum negócio ainda.')).toBeInTheDocument();
  });

  it('offers to try again when the network fails, and shows the months once it answers', async () => {
    let fail = true;
    serve(() => (fail ? HttpResponse.error() : HttpResponse.json(REPORTS)));
    const { user } = openAsAna();
    const section = await screen.findByRole('region', { name: 'Seus cupons por mês' });
    expect(await within(section).findByRole('alert')).toHaveTextContent('Não foi possível carregar os cupons.');
    fail = false;
    await user.click(within(section).getByRole('button', { name: 'Tentar novamente' }));
    expect(await within(section).findAllByRole('table')).toHaveLength(2);
  });
});
