import type {
  CardCharge,
  PaymentProvider,
  PixRequest,
  ProviderPayment,
} from '../../../server/src/modules/commerce/payments/paymentProvider';

type Step = 'before' | 'after';

/**
 * The app's payment provider, watched: every call is recorded, each may be slowed down, and the
 * next call of a kind may fail, before the provider is reached (it refused, or could not be
 * reached) or after it charged (the reply was lost).
 */
export interface SpyProvider extends PaymentProvider {
  calls: {
    chargeCard: CardCharge[];
    createPix: PixRequest[];
    getPayment: string[];
    refundPayment: string[];
    getLegacyPayment: string[];
  };
  /** Payments API payments the provider made before the Orders API (the sandbox made none), by id. */
  legacyPayments: Map<string, ProviderPayment>;
  /** Milliseconds each chargeCard waits before reaching the provider (makes overlapping requests overlap). */
  chargeDelayMs: number;
  failNext(
    method: 'chargeCard' | 'createPix' | 'getPayment' | 'refundPayment' | 'getLegacyPayment',
    error: unknown,
    step?: Step,
  ): void;
  reset(): void;
}

export function spyProvider(inner: PaymentProvider): SpyProvider {
  const failures = new Map<string, { error: unknown; step: Step }>();
  async function watched<T>(method: string, call: () => Promise<T>): Promise<T> {
    const failure = failures.get(method);
    failures.delete(method);
    if (failure?.step === 'before') throw failure.error;
    const result = await call();
    if (failure) throw failure.error;
    return result;
  }
  const spy: SpyProvider = {
    sandbox: inner.sandbox,
    calls: { chargeCard: [], createPix: [], getPayment: [], refundPayment: [], getLegacyPayment: [] },
    legacyPayments: new Map(),
    chargeDelayMs: 0,
    async chargeCard(charge) {
      spy.calls.chargeCard.push(charge);
      if (spy.chargeDelayMs) await new Promise((resolve) => setTimeout(resolve, spy.chargeDelayMs));
      return watched('chargeCard', () => inner.chargeCard(charge));
    },
    async createPix(request) {
      spy.calls.createPix.push(request);
      return watched('createPix', () => inner.createPix(request));
    },
    async getPayment(id) {
      spy.calls.getPayment.push(id);
      return watched('getPayment', () => inner.getPayment(id));
    },
    async refundPayment(id, idempotencyKey) {
      spy.calls.refundPayment.push(id);
      return watched('refundPayment', () => inner.refundPayment(id, idempotencyKey));
    },
    async getLegacyPayment(id) {
      spy.calls.getLegacyPayment.push(id);
      const known = spy.legacyPayments.get(id);
      return watched('getLegacyPayment', () => (known ? Promise.resolve(known) : inner.getLegacyPayment(id)));
    },
    failNext(method, error, step = 'before') {
      failures.set(method, { error, step });
    },
    reset() {
      spy.calls = { chargeCard: [], createPix: [], getPayment: [], refundPayment: [], getLegacyPayment: [] };
      spy.chargeDelayMs = 0;
      spy.legacyPayments.clear();
      failures.clear();
    },
  };
  return spy;
}
