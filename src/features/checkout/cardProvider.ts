import { loadMercadoPago } from '@mercadopago/sdk-js';
import { apiBaseUrl } from '../../api/apiSlice';
import { isApiErrorBody } from '../../api/apiError';
import { runtimeConfig } from '../../api/runtimeConfigReader';

/**
 * The card provider in the browser: Mercado Pago's own script, loaded with `@mercadopago/sdk-js`
 * on the checkout only. Card data goes from here to the provider, never to our server, which
 * receives the token. Without a public key (development, tests, a demo) the local sandbox
 * stands in with the same surface (installed as `window.MercadoPago`, as the script would be),
 * talking to the server's sandbox routes.
 */

export interface CardTokenRequest {
  cardNumber: string;
  cardholderName: string;
  cardExpirationMonth: string;
  cardExpirationYear: string;
  securityCode: string;
  identificationType: 'CPF';
  identificationNumber: string;
}

interface PayerCost {
  installments: number;
  /** Percent added to the total for this plan. */
  installment_rate: number;
}

export interface PaymentMethodResult {
  id: string;
  payer_costs?: PayerCost[];
}

export interface MercadoPagoInstance {
  createCardToken(request: CardTokenRequest): Promise<{ id: string }>;
  getPaymentMethods(request: { bin: string }): Promise<{ results: PaymentMethodResult[] }>;
}

type MercadoPagoConstructor = new (publicKey: string, options?: { locale?: string }) => MercadoPagoInstance;

declare global {
  interface Window {
    MercadoPago?: MercadoPagoConstructor;
  }
}

class CardProviderError extends Error {}

async function sandboxCall<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`${apiBaseUrl()}${path}`, init);
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    throw new CardProviderError(
      isApiErrorBody(body) ? body.message : 'Não foi possível validar o cartão. Tente novamente.',
    );
  }
  return body as T;
}

/**
 * The sandbox's stand-in for Mercado Pago's browser SDK (docs/payments.md#the-sandbox-the-whole-path-on-one-machine).
 */
class SandboxMercadoPago implements MercadoPagoInstance {
  createCardToken(request: CardTokenRequest): Promise<{ id: string }> {
    return sandboxCall('/sandbox/card_tokens', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(request),
    });
  }

  getPaymentMethods({ bin }: { bin: string }): Promise<{ results: PaymentMethodResult[] }> {
    return sandboxCall(`/sandbox/payment_methods?bin=${encodeURIComponent(bin)}`);
  }
}

let instance: Promise<MercadoPagoInstance> | null = null;

/** The provider, loaded once per page. */
export function cardProvider(): Promise<MercadoPagoInstance> {
  if (instance) return instance;
  const publicKey = runtimeConfig().mercadoPagoPublicKey;
  if (!publicKey) {
    // No provider script to fetch: the stand-in is the SDK (and the loader would only warn).
    if (typeof window !== 'undefined' && !window.MercadoPago) window.MercadoPago = SandboxMercadoPago;
    instance = Promise.resolve(new SandboxMercadoPago());
    return instance;
  }
  instance = loadMercadoPago()
    .then(() => {
      const MercadoPago = window.MercadoPago;
      if (!MercadoPago)
        throw new CardProviderError('Não foi possível carregar o pagamento com cartão. Tente novamente.');
      return new MercadoPago(publicKey, { locale: 'pt-BR' });
    })
    .catch((error: unknown) => {
      instance = null;
      throw error instanceof CardProviderError
        ? error
        : new CardProviderError('Não foi possível carregar o pagamento com cartão. Tente novamente.');
    });
  return instance;
}

/** Mercado Pago rejects a card token with a list of causes; a person reads one sentence. */
export function cardProviderMessage(error: unknown): string {
  if (error instanceof CardProviderError) return error.message;
  return 'Não foi possível validar os dados do cartão. Confira-os e tente novamente.';
}
