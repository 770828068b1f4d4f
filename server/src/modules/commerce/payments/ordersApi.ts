import type { OrderResponse } from 'mercadopago/dist/clients/order/commonTypes';
import type { CreateOrderRequest } from 'mercadopago/dist/clients/order/create/types';
import type { RefundRequest } from 'mercadopago/dist/clients/order/refund/types';

/**
 * Mercado Pago's Orders API on the wire
 * (https://www.mercadopago.com.br/developers/pt/reference/orders/online-payments/create/post),
 * in the shapes of the installed SDK's types. The same provider code (paymentProvider.ts) talks
 * to Mercado Pago over HTTPS and to the local sandbox in process: only the transport differs.
 */

/** An order as the API answers it (the SDK's type without its own HTTP envelope). */
export type MercadoPagoOrder = Omit<OrderResponse, 'api_response'>;
export type CreateOrderBody = CreateOrderRequest;
export type RefundOrderBody = RefundRequest;

/** One request to the Orders API: a path under https://api.mercadopago.com, and for a write its idempotency key. */
export type OrdersRequest =
  | { method: 'GET'; path: string }
  | { method: 'POST'; path: string; idempotencyKey: string; body?: CreateOrderBody | RefundOrderBody };

/** The API's answer: its HTTP status and its JSON body (null when it had none or none that parses). */
export interface OrdersReply {
  status: number;
  body: unknown;
}

export type OrdersTransport = (request: OrdersRequest) => Promise<OrdersReply>;

/**
 * An error the API answered (`{ errors: [{ code, message }] }`), with its HTTP status, as providerErrors.ts reads it.
 */
export class OrdersApiError extends Error {
  readonly error: string;
  constructor(
    readonly status: number,
    override readonly cause: { code?: string; message?: string }[],
  ) {
    super(cause[0]?.message ?? `Orders API answered ${status}`);
    this.name = 'OrdersApiError';
    this.error = cause[0]?.code ?? String(status);
  }
}

const BASE_URL = 'https://api.mercadopago.com';

/**
 * Mercado Pago over HTTPS with our access token. No retries here: a retry is the caller's, with
 * the same idempotency key. A connection error or the timeout is thrown as fetch throws it
 * (providerErrors.ts reads it as the provider being unreachable).
 */
export function httpOrdersTransport(
  accessToken: string,
  fetchImpl: typeof fetch = fetch,
  timeoutMs = 15_000,
): OrdersTransport {
  return async (request) => {
    const headers: Record<string, string> = { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' };
    if (request.method === 'POST') headers['X-Idempotency-Key'] = request.idempotencyKey;
    if (request.method === 'POST' && request.body) headers['Content-Type'] = 'application/json';
    const response = await fetchImpl(`${BASE_URL}${request.path}`, {
      method: request.method,
      headers,
      body: request.method === 'POST' && request.body ? JSON.stringify(request.body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    return { status: response.status, body: parseJson(text) };
  };
}

/** A body that is not JSON (a proxy's HTML page) is no answer. */
function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

function isOrder(value: unknown): value is MercadoPagoOrder {
  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string';
}

function errorsOf(body: unknown): { code?: string; message?: string }[] {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (Array.isArray(errors))
    return errors.filter(
      (error): error is { code?: string; message?: string } => typeof error === 'object' && error !== null,
    );
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? [{ message }] : [];
}

/**
 * The order an answer carries. A card the issuer refuses is answered 402 with the order (failed)
 * under `data`: that is the order's outcome, not a failed request. Anything else not 2xx is thrown.
 */
export function orderOfReply(reply: OrdersReply): MercadoPagoOrder {
  if (reply.status >= 200 && reply.status < 300 && isOrder(reply.body)) return reply.body;
  if (reply.status === 402) {
    const data = (reply.body as { data?: unknown } | null)?.data;
    if (isOrder(data)) return data;
    if (isOrder(reply.body)) return reply.body;
  }
  // A 2xx without an order cannot be believed either: the caller retries with the same key.
  throw new OrdersApiError(reply.status >= 200 && reply.status < 300 ? 502 : reply.status, errorsOf(reply.body));
}
