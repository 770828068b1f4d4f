/**
 * The checkout screen's summary and form: the cart's totals with the coupon, the one landmark, the form's
 * alerts and pasted numbers, an empty cart.
 */
import { act, screen, within } from '@testing-library/react';
import { ANA, fakeIdentity } from '../../../support/fakeIdentity';
import { renderApp } from '../../../support/renderWithProviders';
import { withSession } from '../../../support/session';
import {
  nbsp,
  TOTAL,
  DISCOUNTED,
  AGENT,
  serveShop,
  openCheckout,
  fillCustomer,
  loadCheckoutScreen,
} from './checkoutScreen';

beforeAll(loadCheckoutScreen);

describe('the checkout screen', () => {
  it('shows nothing without a coupon', async () => {
    serveShop();
    const { container } = renderApp('/checkout', { preloadedState: withSession({ agent: AGENT }) });
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    expect(container.querySelector('main#main, main')?.textContent ?? '').not.toContain('Finalizar compra');
    expect(screen.queryByRole('button', { name: 'Ir para pagamento' })).not.toBeInTheDocument();
  });

  it('summarises each product and the totals, with the coupon discount struck through', async () => {
    serveShop();
    openCheckout();
    const summary = await screen.findByRole('region', { name: 'Resumo do pedido' });
    expect(within(summary).getByRole('heading', { name: 'Cabine 360' })).toBeInTheDocument();
    expect(nbsp(summary.textContent)).toContain('Preço baseR$ 1.000,00');
    expect(nbsp(summary.textContent)).toContain('Neon: R$ 150,00');
    expect(nbsp(summary.textContent)).toContain('Horas de serviço3');
    expect(nbsp(summary.textContent)).toContain('Preço unitárioR$ 1.350,00');
    expect(nbsp(summary.textContent)).toContain('Quantidade1');
    await screen.findByText('10% de desconto');
    expect(nbsp(summary.querySelector('s')?.textContent)).toBe(TOTAL);
    expect(nbsp(summary.textContent)).toContain(`Total com desconto: ${DISCOUNTED}`);
  });

  it('shows the totals one to a line, as the cart does, not run together', async () => {
    serveShop();
    openCheckout();
    const summary = await screen.findByRole('region', { name: 'Resumo do pedido' });
    // The coupon's discount comes with the shop's answer.
    await within(summary).findByText('10% de desconto');
    const line = (text: RegExp) => nbsp(within(summary).getByText(text).closest('p')?.textContent);
    expect(line(/^Total sem desconto/)).toBe(`Total sem desconto: ${TOTAL}`);
    expect(line(/^10% de desconto$/)).toBe('10% de desconto');
    expect(line(/^Total com desconto/)).toBe(`Total com desconto: ${DISCOUNTED}`);
  });

  it("is one screen in the page's one main landmark, from the form to the registered order", async () => {
    serveShop();
    const { container, user } = openCheckout('/checkout?coupon=DEZ', {
      identity: fakeIdentity({ signedInAs: ANA, token: 'tok' }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Finalizar compra' });
    expect(container.querySelectorAll('main')).toHaveLength(1);
    expect(screen.getByRole('main')).toContainElement(
      screen.getByRole('heading', { level: 1, name: 'Finalizar compra' }),
    );
    await fillCustomer(user);
    await user.click(screen.getByRole('button', { name: 'Ir para pagamento' }));
    await user.click(screen.getByRole('button', { name: 'Pagar com Pix' }));
    await user.click(await screen.findByRole('button', { name: 'Finalizar pedido' }));
    expect(await screen.findByText('Pedido registrado com sucesso!')).toBeInTheDocument();
    expect(container.querySelectorAll('main')).toHaveLength(1);
  });

  it('alerts the first problem of the form and does not reveal the payment methods', async () => {
    serveShop();
    const { user } = openCheckout();
    await user.click(await screen.findByRole('button', { name: 'Ir para pagamento' }));
    expect(window.alert).toHaveBeenLastCalledWith('Por favor, entre com seu nome.');
    await user.type(screen.getByLabelText('Nome'), 'Ana');
    await user.type(screen.getByLabelText('CPF'), '12345678900');
    await user.click(screen.getByRole('button', { name: 'Ir para pagamento' }));
    expect(window.alert).toHaveBeenLastCalledWith('Por favor, entre com um CPF válido.');
    expect(screen.queryByRole('button', { name: 'Pagar com Pix' })).not.toBeInTheDocument();
  });

  it('keeps digits only in the CPF and alerts a malformed e-mail on blur', async () => {
    serveShop();
    const { user } = openCheckout();
    const cpf = await screen.findByLabelText('CPF');
    await user.type(cpf, '529.982.247-25');
    expect(cpf).toHaveValue('52998224725');
    await user.type(screen.getByLabelText('E-mail'), 'ana@');
    await user.tab();
    expect(window.alert).toHaveBeenLastCalledWith('Formato de email inválido');
  });

  it('takes pasted numbers whole, with their dots, dashes and spaces, as if typed', async () => {
    serveShop();
    const { user } = openCheckout();
    const cpf = await screen.findByLabelText('CPF');
    await user.click(cpf);
    await user.paste('529.982.247-25');
    expect(cpf).toHaveValue('52998224725');
    await fillCustomer(user);
    await user.click(screen.getByRole('button', { name: 'Ir para pagamento' }));
    await user.click(screen.getByRole('button', { name: 'Pagar com Cartão de Crédito' }));
    const pasted: Array<[string, string, string]> = [
      ['Número do cartão', '5031 4332 1540 6351', '5031433215406351'],
      ['Validade (MM/AA)', '11/2030', '11/30'],
      ['Código de segurança (CVC)', ' 123 ', '123'],
      ['CPF do titular', '529.982.247-25', '52998224725'],
    ];
    for (const [label, text, value] of pasted) {
      const field = screen.getByLabelText(label);
      await user.click(field);
      await user.paste(text);
      expect(field).toHaveValue(value);
    }
  });

  it('an empty cart points back to the shop', async () => {
    serveShop();
    renderApp('/checkout?coupon=DEZ', { preloadedState: withSession({ agent: AGENT }) });
    expect(await screen.findByText('Seu carrinho está vazio.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Escolher produtos na loja' })).toHaveAttribute('href', '/shop?coupon=DEZ');
  });
});
