/**
 * Paying by Pix on the checkout screen: the QR code and its text, the order posted once, a code the server
 * could not make.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { OrderPayload } from '../../../../contract/wire';
import { browserCookieJar } from '../../../../src/session/cookieJar';
import { API, network } from '../../../support/network';
import { sessionOf } from '../../../support/session';
import { nbsp, DISCOUNTED, AMOUNT, serveShop, openCheckout, fillCustomer, loadCheckoutScreen } from './checkoutScreen';

beforeAll(loadCheckoutScreen);

describe('the checkout screen', () => {
  it(`pays by Pix: the server code as a 220 px QR and copy-and-paste text; signed out, the order waits in the \
cookies`, async () => {
    const seen = serveShop();
    const { user, store, router } = openCheckout('/checkout?coupon=DEZ', { cookies: browserCookieJar });
    await fillCustomer(user);
    await user.click(screen.getByRole('button', { name: 'Ir para pagamento' }));
    await user.click(screen.getByRole('button', { name: 'Pagar com Pix' }));
    const qr = await screen.findByRole('img', { name: 'QR code do Pix deste pedido' });
    expect(qr).toHaveAttribute('height', '220');
    const code = screen.getByLabelText('Pix copia e cola');
    expect((code as HTMLTextAreaElement).value).toMatch(/^000201/);
    expect(nbsp(screen.getByText(/Valor:/).textContent)).toContain(DISCOUNTED);
    // user-event's clipboard stands in for the phone's.
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: 'Copiar código Pix' }));
    expect(writeText).toHaveBeenCalledWith(expect.stringMatching(/^000201/));
    // Said beside the button (a live region), as on the account's Pix orders.
    expect(screen.getByText('Chave copiada para a área de transferência')).toHaveAttribute('role', 'status');

    jest.useFakeTimers({ advanceTimers: true });
    try {
      await user.click(screen.getByRole('button', { name: 'Finalizar pedido' }));
      await screen.findByText('Pedido registrado com sucesso!');
      const orderId = seen.orders[0].orderId;
      expect(orderId).toMatch(/^[1-9]\d{8}$/);
      expect(seen.orders.every((o) => o.orderId === orderId && o.paymentMethod === 'pix')).toBe(true);
      // The claim is kept at once; the redirect comes with loginRequired after 2 s.
      expect(document.cookie).toContain(`transaction=${orderId}`);
      expect(document.cookie).toContain(`transactionClaim=${seen.orders[0].claim}`);
      act(() => jest.advanceTimersByTime(2_100));
      // /account, which tells the signed-out customer the order waits for a sign-in (no alert).
      await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
      expect(
        await screen.findByText(`Seu pedido ${orderId} foi registrado. Entre ou crie sua conta para guardá-lo nela.`),
      ).toBeInTheDocument();
      expect(window.alert).not.toHaveBeenCalled();
      expect(sessionOf(store.getState()).loginRequired).toBe(true);
      expect(document.cookie).toContain('loginRequired=true');
    } finally {
      jest.useRealTimers();
    }
  });

  it(`posts a Pix order once: its code comes from that post, and Finalizar pedido registers it without posting it \
again`, async () => {
    const seen = serveShop();
    const { user } = openCheckout();
    await fillCustomer(user);
    await user.click(screen.getByRole('button', { name: 'Ir para pagamento' }));
    await user.click(screen.getByRole('button', { name: 'Pagar com Pix' }));
    await screen.findByLabelText('Pix copia e cola');
    expect(seen.orders).toHaveLength(1);
    // Choosing Pix again while its code shows asks for nothing more.
    await user.click(screen.getByRole('button', { name: 'Pagar com Pix' }));
    await user.click(screen.getByRole('button', { name: 'Finalizar pedido' }));
    expect(await screen.findByText('Pedido registrado com sucesso!')).toBeInTheDocument();
    expect(seen.orders).toHaveLength(1);
    expect(seen.orders[0]).toMatchObject({ paymentMethod: 'pix', clientName: 'Ana Souza', total: AMOUNT });
    // The choices, never prices: the server prices the order itself.
    expect(seen.orders[0].products).toEqual([
      { id: 'cabine360', hours: 3, quantity: 1, selectedAccessories: [{ name: 'Neon' }] },
    ]);
  });

  it('a Pix code the server could not make says why, and Tentar novamente asks again for the same order', async () => {
    const seen = serveShop();
    let refusals = 1;
    network.use(
      http.post(`${API}/order/:coupon`, async ({ request }) => {
        if (refusals === 0) return undefined;
        refusals -= 1;
        seen.orders.push((await request.json()) as OrderPayload);
        return HttpResponse.json(
          { error: 'unavailable', message: 'Serviço indisponível. Tente novamente.' },
          { status: 503 },
        );
      }),
    );
    const { user } = openCheckout();
    await fillCustomer(user);
    await user.click(screen.getByRole('button', { name: 'Ir para pagamento' }));
    await user.click(screen.getByRole('button', { name: 'Pagar com Pix' }));
    const problem = await screen.findByRole('alert');
    expect(problem).toHaveTextContent('Serviço indisponível. Tente novamente.');
    expect(screen.queryByRole('button', { name: 'Finalizar pedido' })).not.toBeInTheDocument();
    await user.click(within(problem).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByLabelText('Pix copia e cola')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(seen.orders).toHaveLength(2);
    expect(seen.orders[1].orderId).toBe(seen.orders[0].orderId);
  });
});
