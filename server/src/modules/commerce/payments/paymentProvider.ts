import { MercadoPagoConfig, Payment } from 'mercadopago';
import type { PaymentResponse } from 'mercadopago/dist/clients/payment/commonTypes';
import {
  httpOrdersTransport,
  orderOfReply,
  type CreateOrderBody,
  type MercadoPagoOrder,
  type OrdersTransport,
} from './ordersApi';
import { paymentStatusOf } from './orderStatus';

/** A card charge: the provider's token (card data never reaches this server) and our order's amount. */
export interface CardCharge {
  amount: number;
  token: string;
  description: string;
  installments: number;
  paymentMethodId: string;
  email: string;
  cpf: string;
  statementDescriptor: string;
  /** The order this charge pays (the provider's `external_reference`). */
  orderId: string;
  /** Same key, same charge: the provider answers a repeated request with the first one's payment. */
  idempotencyKey: string;
}

/** A Pix payment of one order's amount, paid by transfer to the code the provider answers. */
export interface PixRequest {
  amount: number;
  orderId: string;
  description: string;
  email: string;
  payerName: string;
  cpf: string;
  idempotencyKey: string;
}

/**
 * One purchase attempt as the provider tells it: with the Orders API, a Mercado Pago order of one
 * payment. `id` is the Mercado Pago order's id (what its webhooks, lookups and refunds name).
 */
export interface ProviderPayment {
  id: string;
  /**
   * In our payment vocabulary (modules/commerce/payments/orderStatus.ts): approved, in_process, pending, rejected,
   * cancelled, refunded, charged_back.
   */
  status: string;
  /** The provider's own detail (its payment's: accredited, rejected_by_issuer, waiting_transfer, ...). */
  statusDetail: string;
  amount: number;
  /** Our order id, when the payment was made for one. */
  externalReference: string | null;
  /** 'pix', or the card's brand (visa, master, ...). */
  paymentMethodId: string;
  /** A Pix payment's copy-and-paste code. */
  qrCode: string | null;
}

/**
 * The payment provider (Mercado Pago, or its sandbox without credentials). Its calls go over the
 * network: never call it inside a database transaction. Its failures are objects with the
 * provider's HTTP `status` and `cause`, or connection errors; modules/commerce/providerErrors.ts turns them
 * into refusals.
 */
export interface PaymentProvider {
  sandbox: boolean;
  /** A Mercado Pago order paying `charge.amount` with the card token (`POST /v1/orders`). */
  chargeCard(charge: CardCharge): Promise<ProviderPayment>;
  /** A Mercado Pago order paid by Pix transfer, answering its code (`POST /v1/orders`). */
  createPix(request: PixRequest): Promise<ProviderPayment>;
  /** Mercado Pago order `id` (`GET /v1/orders/{id}`); null when the provider knows no such order. */
  getPayment(id: string): Promise<ProviderPayment | null>;
  /** Gives back all of order `id` (`POST /v1/orders/{id}/refund`): answers the order as it then stands. */
  refundPayment(id: string, idempotencyKey: string): Promise<ProviderPayment>;
  /**
   * A payment of the Payments API (`GET /v1/payments/{id}`), made before the Orders API: its later
   * news (a refund, a chargeback) still comes as such. null when there is none (the sandbox never made one).
   */
  getLegacyPayment(id: string): Promise<ProviderPayment | null>;
}

/** Amounts travel as decimal strings with two places. */
function money(amount: number): string {
  return amount.toFixed(2);
}

/** An order in our payment terms: the order's status, its (one) payment's detail, amount and method. */
export function paymentOfOrder(order: MercadoPagoOrder): ProviderPayment {
  const payment = order.transactions?.payments?.[0];
  const method = payment?.payment_method;
  return {
    id: String(order.id),
    status: paymentStatusOf(order),
    statusDetail: payment?.status_detail || order.status_detail || '',
    amount: Number(payment?.amount ?? order.total_amount ?? 0),
    externalReference: order.external_reference ?? null,
    paymentMethodId: method?.id ?? '',
    qrCode: method?.qr_code ?? null,
  };
}

function splitName(name: string): { first_name: string; last_name: string } {
  const [first, ...rest] = name.trim().split(/\s+/);
  return { first_name: first ?? '', last_name: rest.join(' ') };
}

/** The Orders API body of a card charge: one online order, processed at once, of one card payment. */
export function cardOrderBody(charge: CardCharge): CreateOrderBody {
  return {
    type: 'online',
    processing_mode: 'automatic',
    total_amount: money(charge.amount),
    external_reference: charge.orderId,
    description: charge.description,
    payer: { email: charge.email, identification: { type: 'CPF', number: charge.cpf } },
    transactions: {
      payments: [
        {
          amount: money(charge.amount),
          payment_method: {
            id: charge.paymentMethodId,
            type: 'credit_card',
            token: charge.token,
            installments: charge.installments,
            statement_descriptor: charge.statementDescriptor.slice(0, 22),
          },
        },
      ],
    },
  };
}

/** The Orders API body of a Pix: one online order of one bank transfer; the provider's default expiry applies. */
export function pixOrderBody(request: PixRequest): CreateOrderBody {
  return {
    type: 'online',
    processing_mode: 'automatic',
    total_amount: money(request.amount),
    external_reference: request.orderId,
    description: request.description,
    payer: {
      email: request.email,
      ...splitName(request.payerName),
      identification: { type: 'CPF', number: request.cpf },
    },
    transactions: {
      payments: [{ amount: money(request.amount), payment_method: { id: 'pix', type: 'bank_transfer' } }],
    },
  };
}

/** Only our own ids travel in a path. */
function orderPath(id: string, action = ''): string {
  return `/v1/orders/${encodeURIComponent(id)}${action}`;
}

/**
 * The provider over the Orders API, whatever carries it: Mercado Pago over HTTPS, or the sandbox
 * in process (sandboxProvider.ts). Every write carries our idempotency key, so a retried request
 * makes one order.
 */
export function ordersProvider(
  transport: OrdersTransport,
  options: { sandbox: boolean; getLegacyPayment: (id: string) => Promise<ProviderPayment | null> },
): PaymentProvider {
  return {
    sandbox: options.sandbox,
    async chargeCard(charge) {
      return paymentOfOrder(
        orderOfReply(
          await transport({
            method: 'POST',
            path: '/v1/orders',
            idempotencyKey: charge.idempotencyKey,
            body: cardOrderBody(charge),
          }),
        ),
      );
    },
    async createPix(request) {
      return paymentOfOrder(
        orderOfReply(
          await transport({
            method: 'POST',
            path: '/v1/orders',
            idempotencyKey: request.idempotencyKey,
            body: pixOrderBody(request),
          }),
        ),
      );
    },
    async getPayment(id) {
      const reply = await transport({ method: 'GET', path: orderPath(id) });
      if (reply.status === 404) return null;
      return paymentOfOrder(orderOfReply(reply));
    },
    async refundPayment(id, idempotencyKey) {
      // No body: the whole order is given back.
      return paymentOfOrder(
        orderOfReply(await transport({ method: 'POST', path: orderPath(id, '/refund'), idempotencyKey })),
      );
    },
    getLegacyPayment: options.getLegacyPayment,
  };
}

function fromLegacyPayment(payment: PaymentResponse): ProviderPayment {
  return {
    id: String(payment.id),
    status: payment.status ?? 'unknown',
    statusDetail: payment.status_detail ?? '',
    amount: Number(payment.transaction_amount ?? 0),
    externalReference: payment.external_reference ?? null,
    paymentMethodId: payment.payment_method_id ?? '',
    qrCode: payment.point_of_interaction?.transaction_data?.qr_code ?? null,
  };
}

/** Mercado Pago itself: the Orders API for everything new, the Payments API only to look up what it made before. */
export function mercadoPagoProvider(accessToken: string, fetchImpl: typeof fetch = fetch): PaymentProvider {
  const legacy = new Payment(new MercadoPagoConfig({ accessToken, options: { timeout: 15_000 } }));
  return ordersProvider(httpOrdersTransport(accessToken, fetchImpl), {
    sandbox: false,
    async getLegacyPayment(id) {
      try {
        return fromLegacyPayment(await legacy.get({ id }));
      } catch (error) {
        if ((error as { status?: unknown } | null)?.status === 404) return null;
        throw error;
      }
    },
  });
}
