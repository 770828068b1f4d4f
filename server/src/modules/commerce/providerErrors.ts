import { DomainError, unavailable, unprocessable, upstream } from '../../platform/errors';

/** What we asked the provider for, for the message a person reads. */
export type ProviderAction = 'card' | 'pix' | 'lookup';

const REFUSED: Record<ProviderAction, string> = {
  card: 'O provedor de pagamento recusou os dados do cartão.',
  pix: 'O provedor de pagamento recusou o pedido de Pix.',
  lookup: 'O provedor de pagamento não reconheceu este pagamento.',
};

const NETWORK = /fetch failed|network|timed? ?out|abort|socket|ECONN|ENOTFOUND|EAI_AGAIN|EPIPE|ETIMEDOUT/i;

function field(error: unknown, name: string): unknown {
  return typeof error === 'object' && error !== null ? (error as Record<string, unknown>)[name] : undefined;
}

/**
 * The provider's failure as a refusal. The Mercado Pago SDK throws an object with the provider's
 * HTTP `status` (with `error`, `message` and `cause`), or a connection error without one.
 * - 4xx about the request (bad token, card data, amount): the provider refused it and made no
 *   payment, 422 `payment_refused_by_provider`;
 * - 401/403 (our credentials), 5xx: the provider failed, 502 `payment_provider_error`;
 * - 429, 423 (the Orders API still working on a request with the same idempotency key), a
 *   timeout, a network error: the provider cannot be reached now, 503.
 * Anything else is not the provider's and is thrown again as it is (a bug: a 500, logged).
 */
export function providerFailure(error: unknown, action: ProviderAction): unknown {
  if (error instanceof DomainError) return error;
  const status = field(error, 'status') ?? field(error, 'statusCode');
  if (typeof status === 'number' && status >= 400) {
    if (status === 429 || status === 423)
      return unavailable(
        'payment_provider_busy',
        'O provedor de pagamento está ocupado. Tente novamente em instantes.',
      );
    if (status < 500 && status !== 401 && status !== 403)
      return unprocessable('payment_refused_by_provider', REFUSED[action]);
    return upstream('payment_provider_error', 'O provedor de pagamento falhou. Tente novamente em instantes.');
  }
  const name = String(field(error, 'name') ?? '');
  const code = String(field(error, 'error') ?? field(error, 'code') ?? '');
  const message = String(field(error, 'message') ?? '');
  const causeCode = String(field(field(error, 'cause'), 'code') ?? '');
  if (
    name === 'MPConnectionError' ||
    name === 'AbortError' ||
    name === 'TimeoutError' ||
    code === 'connection_error' ||
    NETWORK.test(`${code} ${causeCode} ${message}`)
  ) {
    return unavailable(
      'payment_provider_unavailable',
      'O provedor de pagamento está indisponível. Tente novamente em instantes.',
    );
  }
  return error;
}

/** Calls the provider, its failures turned into refusals (providerFailure). */
export async function callProvider<T>(action: ProviderAction, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw providerFailure(error, action);
  }
}
