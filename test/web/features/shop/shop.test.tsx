import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API, network } from '../../../support/network';
import { renderApp } from '../../../support/renderWithProviders';
import { withSession } from '../../../support/session';
import { ALBUM, CABINE, readable, serveShop } from './fixtures';

const card = (name: string) => screen.getByRole('article', { name });
const cart = () => screen.getByRole('region', { name: 'Seu carrinho' });
const lineTotal = (name: string) => readable(within(card(name)).getByText(/Total do item/));

async function openShop(url = '/shop?coupon=BEMVINDO10', options: Parameters<typeof renderApp>[1] = {}) {
  const view = renderApp(url, options);
  await screen.findByRole('article', { name: 'Cabine 360' });
  return view;
}

describe('the shop', () => {
  it("shows the coupon's catalogue from the server: images, prices, descriptions and disclaimer", async () => {
    const calls = serveShop();
    renderApp('/shop?coupon=BEMVINDO10', { preloadedState: withSession({ agent: 'agent0001abc' }) });
    expect(screen.getByRole('status')).toHaveTextContent('Carregando...');
    const cabine = await screen.findByRole('article', { name: 'Cabine 360' });
    expect(calls).toEqual([{ coupon: 'BEMVINDO10', agent: 'agent0001abc' }]);

    expect(within(cabine).getByRole('img', { name: 'Cabine 360' })).toHaveAttribute(
      'src',
      'http://localhost/media/shop/cabine360.jpg',
    );
    expect(readable(within(cabine).getByText(/por 2 h/))).toBe(
      'R$ 1.000,00 por 2 h + R$ 200,00 por hora extra (até 5 h)',
    );
    expect(within(cabine).getByRole('heading', { level: 3, name: 'Gira 360 graus' })).toBeInTheDocument();
    expect(within(cabine).getByText('Vídeos em câmera lenta para toda a festa.')).toBeInTheDocument();
    expect(within(cabine).getByRole('img', { name: 'Gira 360 graus' })).toHaveAttribute(
      'src',
      'http://localhost/media/shop/giro.jpg',
    );
    expect(within(cabine).getByRole('heading', { level: 3, name: 'Entrega na hora' })).toBeInTheDocument();
    expect(within(cabine).queryAllByRole('heading', { level: 3 })).toHaveLength(2);
    expect(within(cabine).getByText('Deslocamento fora da capital cobrado à parte.')).toBeInTheDocument();

    const album = card('Álbum de fotos');
    expect(readable(within(album).getByText(/R\$/))).toBe('R$ 300,00');
    expect(within(album).getByRole('button', { name: 'Adicionar ao carrinho' })).toBeInTheDocument();
    // Money is always in reais: never a bare '$'.
    expect(readable(document.body)).not.toMatch(/(^|[^R])\$/);
  });

  it(`gives every picture its size before it loads (4:3 for a product, square for a detail), so nothing \
jumps`, async () => {
    serveShop();
    await openShop();
    const cabine = card('Cabine 360');
    const sized = (img: HTMLElement) => [img.getAttribute('width'), img.getAttribute('height')];
    expect(sized(within(cabine).getByRole('img', { name: 'Cabine 360' }))).toEqual(['800', '600']);
    expect(sized(within(cabine).getByRole('img', { name: 'Gira 360 graus' }))).toEqual(['160', '160']);
  });

  it('prices a line live as hours, accessories and quantity change', async () => {
    serveShop();
    const { user } = await openShop();
    const cabine = card('Cabine 360');
    expect(within(cabine).queryByLabelText('Horas')).not.toBeInTheDocument();

    await user.click(within(cabine).getByRole('button', { name: 'Adicionar ao carrinho' }));
    expect(within(cabine).getByLabelText('Horas')).toHaveValue(2);
    expect(lineTotal('Cabine 360')).toBe('Total do item: R$ 1.000,00');
    expect(within(cabine).getByText(/Total do item/)).toHaveAttribute('aria-live', 'polite');

    await user.click(within(cabine).getByRole('button', { name: 'Mais uma hora' }));
    expect(within(cabine).getByLabelText('Horas')).toHaveValue(3);
    expect(lineTotal('Cabine 360')).toBe('Total do item: R$ 1.200,00');

    await user.click(within(cabine).getByRole('checkbox', { name: /Neon/ }));
    expect(lineTotal('Cabine 360')).toBe('Total do item: R$ 1.350,00');
    expect(readable(within(cart()).getByText(/^Total:/))).toBe('Total: R$ 1.350,00');

    await user.click(within(cabine).getByRole('button', { name: 'Mais uma unidade' }));
    expect(lineTotal('Cabine 360')).toBe('Total do item: R$ 2.700,00 (R$ 1.350,00 cada)');

    await user.click(within(cabine).getByRole('checkbox', { name: /Neon/ }));
    expect(lineTotal('Cabine 360')).toBe('Total do item: R$ 2.400,00 (R$ 1.200,00 cada)');
    expect(readable(within(cart()).getByRole('listitem'))).toBe('Cabine 3603 h · 2 unidadesR$ 2.400,00');

    await user.click(within(cabine).getByRole('button', { name: 'Remover' }));
    expect(within(cabine).getByRole('button', { name: 'Adicionar ao carrinho' })).toBeInTheDocument();
    expect(within(cart()).getByText('Seu carrinho está vazio.')).toBeInTheDocument();
  });

  it('keeps hours and quantity within their bounds, typed or stepped', async () => {
    serveShop();
    const { user } = await openShop();
    await user.click(within(card('Cabine 360')).getByRole('button', { name: 'Adicionar ao carrinho' }));
    const cabine = card('Cabine 360');
    const hours = within(cabine).getByLabelText('Horas');
    expect(within(cabine).getByRole('button', { name: 'Menos uma hora' })).toBeDisabled();

    await user.clear(hours);
    await user.type(hours, '99');
    await user.tab();
    expect(hours).toHaveValue(5);
    expect(lineTotal('Cabine 360')).toBe('Total do item: R$ 1.600,00');
    expect(within(cabine).getByRole('button', { name: 'Mais uma hora' })).toBeDisabled();

    await user.clear(hours);
    await user.type(hours, '1{Enter}');
    expect(hours).toHaveValue(2);
    expect(lineTotal('Cabine 360')).toBe('Total do item: R$ 1.000,00');

    const quantity = within(cabine).getByLabelText('Quantidade');
    await user.clear(quantity);
    await user.type(quantity, '7');
    await user.tab();
    expect(quantity).toHaveValue(2);
    expect(within(cabine).getByRole('button', { name: 'Mais uma unidade' })).toBeDisabled();
    expect(lineTotal('Cabine 360')).toBe('Total do item: R$ 2.000,00 (R$ 1.000,00 cada)');

    // A product that is not a service has no hours.
    await user.click(within(card('Álbum de fotos')).getByRole('button', { name: 'Adicionar ao carrinho' }));
    expect(within(card('Álbum de fotos')).queryByLabelText('Horas')).not.toBeInTheDocument();
    expect(within(card('Álbum de fotos')).getByLabelText('Quantidade')).toHaveValue(1);
  });

  it("shows the coupon's discount: the total struck through, the percent off and the discounted total", async () => {
    serveShop({ discount: 0.1 });
    const { user } = await openShop();
    expect(within(cart()).getByText('10% de desconto')).toBeInTheDocument();
    await user.click(within(card('Cabine 360')).getByRole('button', { name: 'Adicionar ao carrinho' }));
    await user.click(within(card('Álbum de fotos')).getByRole('button', { name: 'Adicionar ao carrinho' }));

    const was = within(cart()).getByText(/Total sem desconto/);
    expect(readable(was)).toBe('Total sem desconto: R$ 1.300,00');
    expect(readable(was.querySelector('s'))).toBe('R$ 1.300,00');
    expect(readable(within(cart()).getByText(/Total com desconto/))).toBe('Total com desconto: R$ 1.170,00');
    expect(within(cart()).queryByText(/^Total:/)).not.toBeInTheDocument();
  });

  it('leads to /checkout?coupon= once the cart holds something, and says why it cannot before', async () => {
    serveShop();
    const { user, router } = await openShop('/shop?coupon=PARCEIRO-DEMO-0');
    const checkout = within(cart()).getByRole('button', { name: 'Checkout' });
    expect(checkout).toBeDisabled();
    expect(checkout).toHaveAccessibleDescription('Adicione um produto ao carrinho para finalizar a compra.');

    await user.click(within(card('Álbum de fotos')).getByRole('button', { name: 'Adicionar ao carrinho' }));
    expect(checkout).toBeEnabled();
    await user.click(checkout);
    expect(router.state.location.pathname).toBe('/checkout');
    expect(router.state.location.search).toBe('?coupon=PARCEIRO-DEMO-0');
  });

  it("says the server's own words when it refuses the coupon, and shows no products", async () => {
    network.use(
      http.get(`${API}/shop/:coupon/:agent`, ({ params }) =>
        params.coupon === 'VENCIDO'
          ? HttpResponse.json({ error: 'coupon_not_found', message: 'Cupom inválido ou expirado.' }, { status: 404 })
          : HttpResponse.json({ error: 'coupon_used_up', message: 'Este cupom já foi usado.' }, { status: 409 }),
      ),
    );
    const first = renderApp('/shop?coupon=VENCIDO');
    expect(await screen.findByRole('alert')).toHaveTextContent('Cupom inválido ou expirado.');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Checkout' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).not.toBeInTheDocument();
    first.unmount();

    renderApp('/shop?coupon=USADO');
    expect(await screen.findByRole('alert')).toHaveTextContent('Este cupom já foi usado.');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('asks for the coupon link when there is none, without calling the server', async () => {
    const calls = serveShop();
    renderApp('/shop');
    expect(await screen.findByRole('alert')).toHaveTextContent('Para ver a loja, abra o link com o seu cupom.');
    renderApp('/shop?coupon=' + encodeURIComponent('../x'));
    expect(await screen.findByText('Cupom inválido ou expirado.')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 30));
    expect(calls).toEqual([]);
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it("offers 'Tentar novamente' when the network fails, and loads the shop on the retry", async () => {
    let fail = true;
    network.use(
      http.get(`${API}/shop/:coupon/:agent`, () =>
        fail ? HttpResponse.error() : HttpResponse.json({ data: [CABINE, ALBUM], discount: 0 }),
      ),
    );
    const { user } = renderApp('/shop?coupon=BEMVINDO10');
    expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível carregar a loja.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('article', { name: 'Cabine 360' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
