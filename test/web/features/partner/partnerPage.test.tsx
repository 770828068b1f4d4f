import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Contract } from '../../../../contract/wire';
import { reloadPage } from '../../../../src/ui/pageReload';
import { ANA, fakeIdentity } from '../../../support/fakeIdentity';
import { API, network } from '../../../support/network';
import { renderApp } from '../../../support/renderWithProviders';

jest.mock('../../../../src/ui/pageReload', () => ({ reloadPage: jest.fn() }));
afterEach(() => jest.mocked(reloadPage).mockClear());

const CONTRACTS: Contract[] = [
  {
    title: 'Contrato 1',
    description: '10% de desconto para o cliente, 8% de comissão.',
    last: 'BUFFET_ANA-00ABCD',
    discount: 0.1,
    kit: 'Kit festa',
  },
  {
    title: 'Contrato 2',
    description: '15% de desconto para o cliente, 5% de comissão.',
    last: 'BUFFET_ANA-00WXYZ',
    discount: 0.15,
    kit: '',
  },
];

/** The contracts call, recording the token each request carried. */
function serveContracts(contracts: Contract[] = CONTRACTS) {
  const tokens: (string | null)[] = [];
  network.use(
    http.get(`${API}/contracts/buffet_ana`, ({ request }) => {
      tokens.push(request.headers.get('idToken'));
      return HttpResponse.json(contracts);
    }),
  );
  return tokens;
}

function openAsAna() {
  return renderApp('/partner?partner=buffet_ana', { identity: fakeIdentity({ signedInAs: ANA, token: 'tok' }) });
}

async function contract(title: string) {
  return screen.findByRole('article', { name: title });
}

describe('the partner page', () => {
  it('lists the contracts with their coupon links, signed in with the token', async () => {
    const tokens = serveContracts();
    openAsAna();
    const first = await contract('Contrato 1');
    expect(within(first).getByText('10% de desconto para o cliente, 8% de comissão.')).toBeInTheDocument();
    expect(within(first).getByText('http://localhost/shop?coupon=BUFFET_ANA-00ABCD')).toBeInTheDocument();
    expect(within(first).getByText('Kit festa')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Copiar Link do Cupom' })).toBeEnabled();
    const second = await contract('Contrato 2');
    expect(within(second).getByText('http://localhost/shop?coupon=BUFFET_ANA-00WXYZ')).toBeInTheDocument();
    expect(within(second).getByText('15%')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir para Deals' })).toHaveAttribute('href', '/deals?partner=buffet_ana');
    expect(tokens[0]).toBe('tok');
  });

  it("copies the shop link, registers the coupon, says 'Cupom copiado!' and reloads", async () => {
    serveContracts();
    const launched: { body: unknown; token: string | null }[] = [];
    network.use(
      http.post(`${API}/launch_coupon`, async ({ request }) => {
        launched.push({ body: await request.json(), token: request.headers.get('idToken') });
        return HttpResponse.text('success');
      }),
    );
    const { user } = openAsAna();
    const second = await contract('Contrato 2');
    // user-event puts its own clipboard in place at setup: spy on it from here.
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(within(second).getByRole('button', { name: 'Copiar Link do Cupom' }));
    expect(writeText).toHaveBeenCalledWith('http://localhost/shop?coupon=BUFFET_ANA-00WXYZ');
    expect(launched).toEqual([
      {
        body: {
          partner: 'buffet_ana',
          contractTitle: 'Contrato 2',
          lastCoupon: 'BUFFET_ANA-00WXYZ',
          discount: 0.15,
          kit: '',
        },
        token: 'tok',
      },
    ]);
    expect(window.alert).toHaveBeenCalledWith('Cupom copiado!');
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('copies within the tap itself, before anything is awaited, as browsers require of the clipboard', async () => {
    serveContracts();
    network.use(http.post(`${API}/launch_coupon`, () => HttpResponse.text('success')));
    openAsAna();
    const first = await contract('Contrato 1');
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    // fireEvent's click returns when the click's handlers have: the copy must have been asked for by then.
    fireEvent.click(within(first).getByRole('button', { name: 'Copiar Link do Cupom' }));
    expect(writeText).toHaveBeenCalledWith('http://localhost/shop?coupon=BUFFET_ANA-00ABCD');
    expect(within(first).getByRole('button', { name: 'Copiar Link do Cupom' })).toBeDisabled();
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
  });

  it("shows the server's words when the coupons ran out, and neither alerts success nor reloads", async () => {
    serveContracts();
    network.use(
      http.post(`${API}/launch_coupon`, () =>
        HttpResponse.json({ error: 'no_coupons_left', message: 'Os cupons deste contrato acabaram.' }, { status: 409 }),
      ),
    );
    const { user } = openAsAna();
    const first = await contract('Contrato 1');
    await user.click(within(first).getByRole('button', { name: 'Copiar Link do Cupom' }));
    expect(await within(first).findByRole('alert')).toHaveTextContent('Os cupons deste contrato acabaram.');
    expect(window.alert).not.toHaveBeenCalledWith('Cupom copiado!');
    expect(reloadPage).not.toHaveBeenCalled();
    expect(within(first).getByRole('button', { name: 'Copiar Link do Cupom' })).toBeEnabled();
  });

  it('registers nothing when the clipboard refuses, and says so', async () => {
    serveContracts();
    // Any launch_coupon request would fail the test: the network does not answer it.
    const { user } = openAsAna();
    const first = await contract('Contrato 1');
    jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(within(first).getByRole('button', { name: 'Copiar Link do Cupom' }));
    expect(await within(first).findByRole('alert')).toHaveTextContent(
      'Não foi possível copiar o link. O cupom não foi registrado',
    );
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it("says 'Você não tem acesso a este parceiro.' to another account, in the server's words", async () => {
    network.use(
      http.get(`${API}/contracts/buffet_ana`, () =>
        HttpResponse.json(
          { error: 'not_your_partner', message: 'Você não tem acesso a este parceiro.' },
          { status: 403 },
        ),
      ),
    );
    openAsAna();
    expect(await screen.findByRole('alert')).toHaveTextContent('Você não tem acesso a este parceiro.');
    expect(screen.queryByRole('button', { name: 'Copiar Link do Cupom' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Ir para Deals' })).not.toBeInTheDocument();
  });

  it('uses its own words for a 403 without a message', async () => {
    network.use(http.get(`${API}/contracts/buffet_ana`, () => new HttpResponse('Forbidden', { status: 403 })));
    openAsAna();
    expect(await screen.findByRole('alert')).toHaveTextContent('Você não tem acesso a este parceiro.');
  });

  it('offers the login, coming back here, when the server refuses the sign-in', async () => {
    network.use(
      http.get(`${API}/contracts/buffet_ana`, () =>
        HttpResponse.json({ error: 'unauthenticated', message: 'Faça login.' }, { status: 401 }),
      ),
    );
    const { user, router } = openAsAna();
    expect(await screen.findByRole('alert')).toHaveTextContent('Entre com a conta do parceiro para ver esta página.');
    await user.click(screen.getByRole('link', { name: 'Entrar' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({
      returnTo: { pathname: '/partner', search: '?partner=buffet_ana', state: null },
    });
  });

  it('offers the login to a visitor who is not signed in, without asking the server', async () => {
    renderApp('/partner?partner=buffet_ana');
    expect(await screen.findByRole('alert')).toHaveTextContent('Entre com a conta do parceiro para ver esta página.');
    expect(screen.getByRole('link', { name: 'Entrar' })).toHaveAttribute(
      'href',
      `/login?${new URLSearchParams({ volta: '/partner?partner=buffet_ana' }).toString()}`,
    );
  });

  it('says "Carregando..." while loading, and offers to try again when the network fails', async () => {
    let fail = true;
    network.use(
      http.get(`${API}/contracts/buffet_ana`, () => (fail ? HttpResponse.error() : HttpResponse.json(CONTRACTS))),
    );
    const { user } = openAsAna();
    expect(screen.getByRole('status')).toHaveTextContent('Carregando...');
    expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível carregar os contratos.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await contract('Contrato 1')).toBeInTheDocument();
  });

  it('says when there is no contract', async () => {
    serveContracts([]);
    openAsAna();
    expect(await screen.findByText('Nenhum contrato ativo.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir para Deals' })).toBeInTheDocument();
  });

  it('says a link without a valid partner is invalid', async () => {
    renderApp('/partner?partner=a%2Fb', { identity: fakeIdentity({ signedInAs: ANA }) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Este link de parceiro é inválido.');
  });
});
