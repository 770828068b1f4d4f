import { MercadoPagoConfig, Payment } from 'mercadopago';
import type { PaymentResponse } from 'mercadopago/dist/clients/payment/commonTypes';

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

/** A payment as the provider tells it. */
export interface ProviderPayment {
  id: string;
  /** approved, in_process, pending, rejected, cancelled, refunded, ... */
  status: string;
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
 * network: never call it inside a database transaction. Its failures are the SDK's (an object
 * with the provider's HTTP `status` and `cause`, or a connection error); domain/providerErrors.ts
 * turns them into refusals.
 */
export interface PaymentProvider {
  sandbox: boolean;
  chargeCard(charge: CardCharge): Promise<ProviderPayment>;
  createPix(request: PixRequest): Promise<ProviderPayment>;
  /** null when the provider knows no such payment. */
  getPayment(id: string): Promise<ProviderPayment | null>;
}

function fromMercadoPago(payment: PaymentResponse): ProviderPayment {
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

/** Mercado Pago itself; every write carries our idempotency key, so a retried request charges once. */
export function mercadoPagoProvider(accessToken: string): PaymentProvider {
  // No retries inside the SDK: a retry is the caller's, with the same idempotency key.
  const payments = new Payment(new MercadoPagoConfig({ accessToken, options: { timeout: 15_000 } }));
  return {
    sandbox: false,
    async chargeCard(charge) {
      const result = await payments.create({
        body: {
          transaction_amount: charge.amount,
          token: charge.token,
          description: charge.description,
          installments: charge.installments,
          payment_method_id: charge.paymentMethodId,
          statement_descriptor: charge.statementDescriptor.slice(0, 22),
          external_reference: charge.orderId,
          payer: { email: charge.email, identification: { type: 'CPF', number: charge.cpf } },
        },
        requestOptions: { idempotencyKey: charge.idempotencyKey },
      });
      return fromMercadoPago(result);
    },
    async createPix(request) {
      const [firstName, ...rest] = request.payerName.trim().split(/\s+/);
      const result = await payments.create({
        body: {
          transaction_amount: request.amount,
          payment_method_id: 'pix',
          description: request.description,
          external_reference: request.orderId,
          payer: {
            email: request.email,
            first_name: firstName ?? '',
            last_name: rest.join(' '),
            identification: { type: 'CPF', number: request.cpf },
          },
        },
        requestOptions: { idempotencyKey: request.idempotencyKey },
      });
      return fromMercadoPago(result);
    },
    async getPayment(id) {
      try {
        return fromMercadoPago(await payments.get({ id }));
      } catch (error) {
        if ((error as { status?: unknown } | null)?.status === 404) return null;
        throw error;
      }
    },
  };
}
