/**
 * Paying by card on the checkout screen: the brand and installments, a refused card, a double tap, the bin
 * look-up, the expiry's check.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { ANA, fakeIdentity } from '../../../support/fakeIdentity';
import { sessionOf } from '../../../support/session';
import { nbsp, AMOUNT, serveShop, openCheckout, fillCustomer, fillCard, loadCheckoutScreen } from './checkoutScreen';

beforeAll(loadCheckoutScreen);

describe('the checkout screen', () => {
  it(`pays by card: the provider names the brand, the installments show reais, the server amount is \
charged`, async () => {
    const seen = serveShop();
    const { user, router, store } = openCheckout('/checkout?coupon=DEZ', {
      identity: fakeIdentity({ signedInAs: ANA, token: 'tok' }),
    });
    await screen.findByRole('button', { name: 'Ir para pagamento' });
    await fillCustomer(user);
    await user.click(screen.getByRole('button', { name: 'Ir para pagamento' }));
    await user.click(screen.getByRole('button', { name: 'Pagar com Cartão de Crédito' }));
    await fillCard(user);
    // 5031 43 is Maestro for the local library, Mastercard for the provider: the provider wins.
    expect(await screen.findByText('Mastercard')).toBeInTheDocument();
    expect(seen.bins).toEqual(['503143']);
    const options = within(screen.getByLabelText('Parcelas'))
      .getAllByRole('option')
      .map((o) => nbsp(o.textContent));
    expect(options).toEqual([
      '1x de R$ 1.215,00 (sem juros)',
      '3x de R$ 405,00 (sem juros)',
      '4x de R$ 309,79 (total R$ 1.239,18)',
    ]);
    await user.selectOptions(screen.getByLabelText('Parcelas'), '3');
    expect(screen.getByLabelText('Validade (MM/AA)')).toHaveValue('11/30');

    jest.useFakeTimers({ advanceTimers: true });
    try {
      await user.click(screen.getByRole('button', { name: 'Finalizar pedido' }));
      expect(await screen.findByText('Pedido registrado com sucesso!')).toBeInTheDocument();
      expect(seen.orders).toHaveLength(1);
      expect(seen.orders[0]).toMatchObject({
        paymentMethod: 'card',
        cpf: '52998224725',
        clientName: 'Ana Souza',
        eventDate: '2026-12-20',
      });
      expect(seen.payments).toHaveLength(1);
      expect(seen.payments[0]).toMatchObject({
        transaction_amount: AMOUNT,
        installments: 3,
        payment_method_id: 'master',
        token: 'tok_1',
        orderId: seen.orders[0].orderId,
        // The order's claim secret: the server lets only whoever placed the order pay it.
        claim: seen.orders[0].claim,
        description: 'Cabine 360',
        statement_descriptor: 'Cabine 360',
      });
      expect(seen.payments[0].claim).toMatch(/^[A-Za-z0-9_-]{22}$/);
      // The cart is empty at once; the account opens 2 s later.
      expect(store.getState().cart?.lines).toEqual([]);
      expect(JSON.parse(localStorage.getItem('cabine.cart.v1') ?? '{}')).toMatchObject({ lines: [] });
      act(() => jest.advanceTimersByTime(1_900));
      expect(router.state.location.pathname).toBe('/checkout');
      act(() => jest.advanceTimersByTime(200));
      await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
      // Signed in: on the orders, where this one goes on being followed.
      expect(router.state.location.search).toBe('?secao=pedidos');
      // Signed in: the order is theirs already, nothing waits in the cookies.
      expect(sessionOf(store.getState()).loginRequired).toBe(false);
    } finally {
      jest.useRealTimers();
    }
  });

  it('a refused card says why, and another card pays the same order once', async () => {
    const seen = serveShop({ cardStatus: ['rejected', 'approved'] });
    const { user } = openCheckout();
    await fillCustomer(user);
    await user.click(screen.getByRole('button', { name: 'Ir para pagamento' }));
    await user.click(screen.getByRole('button', { name: 'Pagar com Cartão de Crédito' }));
    await fillCard(user, 'FUND');
    await screen.findByText('Mastercard');
    await user.click(screen.getByRole('button', { name: 'Finalizar pedido' }));
    expect(
      (await screen.findByText('Pagamento recusado: o cartão não tem limite suficiente.')).closest('[role="alert"]'),
    ).not.toBeNull();
    expect(screen.queryByText('Pedido registrado com sucesso!')).not.toBeInTheDocument();

    await user.clear(screen.getByLabelText('Nome do titular'));
    await user.type(screen.getByLabelText('Nome do titular'), 'APRO');
    await user.click(screen.getByRole('button', { name: 'Finalizar pedido' }));
    expect(await screen.findByText('Pedido registrado com sucesso!')).toBeInTheDocument();
    expect(seen.payments).toHaveLength(2);
    expect(new Set(seen.orders.map((o) => o.orderId)).size).toBe(1);
    expect(seen.payments.map((p) => p.token)).toEqual(['tok_1', 'tok_2']);
  });

  it('a double tap on Finalizar pedido charges once', async () => {
    const seen = serveShop();
    const { user } = openCheckout();
    await fillCustomer(user);
    await user.click(screen.getByRole('button', { name: 'Ir para pagamento' }));
    await user.click(screen.getByRole('button', { name: 'Pagar com Cartão de Crédito' }));
    await fillCard(user);
    await screen.findByText('Mastercard');
    const finish = screen.getByRole('button', { name: 'Finalizar pedido' });
    await user.dblClick(finish);
    await screen.findByText('Pedido registrado com sucesso!');
    expect(seen.payments).toHaveLength(1);
    expect(seen.tokens).toHaveLength(1);
  });

  it('looks the bin up at once the first time, then 2 s after the digits settle', async () => {
    const seen = serveShop();
    const { user } = openCheckout();
    await fillCustomer(user);
    await user.click(screen.getByRole('button', { name: 'Ir para pagamento' }));
    await user.click(screen.getByRole('button', { name: 'Pagar com Cartão de Crédito' }));
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const number = screen.getByLabelText('Número do cartão');
      await user.type(number, '50314');
      act(() => jest.advanceTimersByTime(3_000));
      expect(seen.bins).toEqual([]);
      await user.type(number, '3');
      await waitFor(() => expect(seen.bins).toEqual(['503143']));
      await user.clear(number);
      await user.type(number, '4235647728025682');
      act(() => jest.advanceTimersByTime(1_500));
      expect(seen.bins).toEqual(['503143']);
      act(() => jest.advanceTimersByTime(600));
      await waitFor(() => expect(seen.bins).toEqual(['503143', '423564']));
    } finally {
      jest.useRealTimers();
    }
  });

  it('clears an expiry that is not MM/AA on blur, with the alert', async () => {
    serveShop();
    const { user } = openCheckout();
    await fillCustomer(user);
    await user.click(screen.getByRole('button', { name: 'Ir para pagamento' }));
    await user.click(screen.getByRole('button', { name: 'Pagar com Cartão de Crédito' }));
    const expiry = screen.getByLabelText('Validade (MM/AA)');
    await user.type(expiry, '1');
    await user.tab();
    expect(window.alert).toHaveBeenLastCalledWith('Formato de data inválido. Por favor use MM/AA.');
    expect(expiry).toHaveValue('');
  });
});
