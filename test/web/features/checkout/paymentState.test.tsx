/**
 * What happened to the payment, on the checkout screen: said as it follows the order by itself, and said
 * beside the tap that caused it, brought into view and announced.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { browserCookieJar } from '../../../../src/session/cookieJar';
import { API, network } from '../../../support/network';
import {
  nbsp,
  DISCOUNTED,
  PIX_CODE,
  serveShop,
  openCheckout,
  controls,
  payingBy,
  cardFilled,
  loadCheckoutScreen,
} from './checkoutScreen';

beforeAll(loadCheckoutScreen);

describe('what happened to the payment is said, and follows the order by itself', () => {
  const wait = (ms: number) => act(async () => void (await jest.advanceTimersByTimeAsync(ms)));
  beforeEach(() => jest.useFakeTimers({ advanceTimers: true }));
  afterEach(() => jest.useRealTimers());

  /** The payment's state, said in the registered order's live region. */
  const paymentState = () => within(screen.getByRole('region', { name: /^Pedido \d{9}$/ })).getAllByRole('status')[0];

  async function payByCard(holder: string, cardStatus: string) {
    const seen = serveShop({ cardStatus: [cardStatus] });
    const view = openCheckout();
    await payingBy('Pagar com Cartão de Crédito', view.user);
    await cardFilled(holder);
    await view.user.click(screen.getByRole('button', { name: 'Finalizar pedido' }));
    await screen.findByText('Pedido registrado com sucesso!');
    return { seen, ...view };
  }

  it('a card approved (APRO) says it is paid, and asks nothing more', async () => {
    const { seen } = await payByCard('APRO', 'approved');
    expect(paymentState()).toHaveTextContent('Pagamento aprovado! Seu pedido está pago.');
    await wait(1_900);
    expect(seen.asked).toBe(0);
  });

  it('a card in review (CONT) says so, then what the review decided, by itself', async () => {
    const { seen } = await payByCard('CONT', 'in_process');
    expect(paymentState()).toHaveTextContent('Pagamento em análise: avisaremos quando for aprovado.');
    expect(screen.queryByText(/Pagamento aprovado/)).not.toBeInTheDocument();
    seen.settled = 'rejected';
    await wait(3_100);
    await waitFor(() => expect(paymentState()).toHaveTextContent('Pagamento recusado: o pedido não foi pago.'));
  });

  it('a card in review that is approved meanwhile says it is paid, without a reload', async () => {
    const { seen } = await payByCard('CONT', 'in_process');
    seen.settled = 'approved';
    await wait(3_100);
    await waitFor(() => expect(paymentState()).toHaveTextContent('Pagamento aprovado! Seu pedido está pago.'));
  });

  it(`Pix: the code stays after Finalizar pedido and on /account before a sign-in, and turns paid by \
itself`, async () => {
    const seen = serveShop();
    const { user, router } = openCheckout('/checkout?coupon=DEZ', { cookies: browserCookieJar });
    await payingBy('Pagar com Pix', user);
    await screen.findByLabelText('Pix copia e cola');
    await user.click(screen.getByRole('button', { name: 'Finalizar pedido' }));
    await screen.findByText('Pedido registrado com sucesso!');
    const orderId = seen.orders[0].orderId;
    expect(paymentState()).toHaveTextContent(
      'Aguardando o Pix: pague pelo QR code ou pelo Pix copia e cola. Esta tela avisa quando o pagamento chegar.',
    );
    expect(screen.getByRole('img', { name: `QR code Pix do pedido ${orderId}` })).toBeInTheDocument();
    expect(screen.getByLabelText('Pix copia e cola')).toHaveValue(PIX_CODE);
    expect(screen.getByRole('button', { name: 'Copiar código Pix' })).toBeInTheDocument();
    expect(nbsp(screen.getByText(/Valor:/).textContent)).toContain(DISCOUNTED);

    // The redirect after an order (docs/product.md#checkout): signed out, /account tells of the order, its state and
    // its code.
    await wait(2_100);
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(
      await screen.findByText(`Seu pedido ${orderId} foi registrado. Entre ou crie sua conta para guardá-lo nela.`),
    ).toBeInTheDocument();
    expect(paymentState()).toHaveTextContent('Aguardando o Pix');
    expect(await screen.findByLabelText('Pix copia e cola')).toHaveValue(PIX_CODE);
    await wait(3_100);
    expect(paymentState()).toHaveTextContent('Aguardando o Pix');

    // The customer's bank pays it: the page says so, and the code to pay is gone.
    seen.settled = 'approved';
    const asked = seen.asked;
    await wait(3_100);
    expect(seen.asked).toBeGreaterThan(asked);
    await waitFor(() => expect(paymentState()).toHaveTextContent('Pagamento aprovado! Seu pedido está pago.'));
    expect(screen.queryByLabelText('Pix copia e cola')).not.toBeInTheDocument();
    // Settled: nothing more to ask.
    const settled = seen.asked;
    await wait(30_000);
    expect(seen.asked).toBe(settled);
  });

  it(`a payment refused as soon as the order is registered is told as one account: registered, then \
refused`, async () => {
    const seen = serveShop();
    const { user, router } = openCheckout();
    await payingBy('Pagar com Pix', user);
    seen.settled = 'rejected';
    await user.click(await screen.findByRole('button', { name: 'Finalizar pedido' }));
    await waitFor(() =>
      expect(paymentState()).toHaveTextContent(
        'Pedido registrado com sucesso! Depois, o Pix foi recusado: o pedido está registrado, mas não foi pago.',
      ),
    );
    expect(router.state.location.pathname).toBe('/checkout');
    // One live region says it all: 'Pedido registrado com sucesso!' is not a second message beside the refusal.
    expect(screen.getByText('Pedido registrado com sucesso!').closest('[role="status"]')).toBe(paymentState());
    expect(
      screen.getAllByRole('status').filter((region) => /registrado|recusado/.test(region.textContent ?? '')),
    ).toHaveLength(1);
    expect(screen.queryByText(/^Pix recusado/)).not.toBeInTheDocument();
  });

  it('Pix refused by the bank says so', async () => {
    const seen = serveShop();
    const { user } = openCheckout();
    await payingBy('Pagar com Pix', user);
    await user.click(await screen.findByRole('button', { name: 'Finalizar pedido' }));
    await screen.findByText('Pedido registrado com sucesso!');
    seen.settled = 'rejected';
    await wait(3_100);
    await waitFor(() => expect(paymentState()).toHaveTextContent('Pix recusado: o pedido não foi pago.'));
    expect(screen.queryByLabelText('Pix copia e cola')).not.toBeInTheDocument();
  });
});

describe('what a tap on the payment causes is beside it, brought into view and announced', () => {
  it(`a refused card: the reason and Tentar outro cartão come right after Finalizar pedido, in a live region that is \
scrolled to and focused`, async () => {
    serveShop({ cardStatus: ['rejected'] });
    const scrolled = jest.spyOn(Element.prototype, 'scrollIntoView');
    const { user } = openCheckout();
    await payingBy('Pagar com Cartão de Crédito', user);
    await cardFilled('FUND');
    scrolled.mockClear();
    const finish = screen.getByRole('button', { name: 'Finalizar pedido' });
    await user.click(finish);

    const reason = await screen.findByText('Pagamento recusado: o cartão não tem limite suficiente.');
    const region = reason.closest('[aria-live], [role="alert"], [role="status"]');
    expect(region).not.toBeNull();
    const live = region as HTMLElement;
    // Announced: a live region that holds the reason and the way out.
    expect(live.getAttribute('aria-live') ?? (live.getAttribute('role') === 'alert' ? 'assertive' : 'polite')).toMatch(
      /^(assertive|polite)$/,
    );
    const another = within(live).getByRole('button', { name: 'Tentar outro cartão' });
    // Beside the button tapped: the next control after Finalizar pedido is Tentar outro cartão.
    const all = controls();
    expect(all.indexOf(another)).toBe(all.indexOf(screen.getByRole('button', { name: 'Finalizar pedido' })) + 1);
    // Brought into view and focused, wherever the page was scrolled.
    expect(scrolled.mock.contexts).toContain(live);
    expect(live.contains(document.activeElement)).toBe(true);

    // Trying another card goes to the card's number.
    await user.click(another);
    expect(screen.queryByText('Pagamento recusado: o cartão não tem limite suficiente.')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Número do cartão')).toHaveFocus();
  });

  it(`a charge that could not be sent says why right after Finalizar pedido, announced, scrolled to and \
focused`, async () => {
    serveShop();
    network.use(
      http.post(`${API}/process_payment_card`, () =>
        HttpResponse.json({ error: 'unavailable', message: 'Serviço indisponível. Tente novamente.' }, { status: 503 }),
      ),
    );
    const scrolled = jest.spyOn(Element.prototype, 'scrollIntoView');
    const { user } = openCheckout();
    await payingBy('Pagar com Cartão de Crédito', user);
    await cardFilled('APRO');
    scrolled.mockClear();
    await user.click(screen.getByRole('button', { name: 'Finalizar pedido' }));

    const reason = await screen.findByText(/Serviço indisponível/);
    const live = reason.closest('[aria-live], [role="alert"], [role="status"]') as HTMLElement | null;
    expect(live).not.toBeNull();
    const finish = screen.getByRole('button', { name: 'Finalizar pedido' });
    expect(finish.compareDocumentPosition(reason) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(scrolled.mock.contexts).toContain(live);
    expect(live?.contains(document.activeElement)).toBe(true);
  });

  it(`Pix: its panel is scrolled to as it opens, takes the focus, and says in a live region that the code is being \
made, then that it is ready`, async () => {
    serveShop();
    // The server's answer waits until the panel has been looked at while the code is being made.
    let answer = () => undefined as void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    network.use(
      http.post(`${API}/order/:coupon`, async () => {
        await answered;
        return undefined;
      }),
    );
    const scrolled = jest.spyOn(Element.prototype, 'scrollIntoView');
    const { user } = openCheckout();
    await payingBy('Pagar com Pix', user);

    const panel = await screen.findByRole('region', { name: 'Pix' });
    expect(scrolled.mock.contexts).toContain(panel);
    expect(panel.contains(document.activeElement)).toBe(true);
    const live = within(panel).getByText('Gerando o código Pix...');
    expect(live).toHaveAttribute('role', 'status');
    scrolled.mockClear();
    answer();
    await screen.findByLabelText('Pix copia e cola');
    // Opened at the end of the page, the panel could not be scrolled up yet: it is, now the code made it taller.
    expect(scrolled.mock.contexts).toContain(panel);
    // The same region (there before, so that the change is announced) now says the code is there.
    expect(live).toBeInTheDocument();
    expect(live).toHaveTextContent('Código Pix gerado');
  });
});
