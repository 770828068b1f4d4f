import type {
  DeliveryTransport,
  DeliveryTransports,
  OutgoingMessage,
  SendResult,
} from '../../../server/src/modules/delivery';

/**
 * An in-memory transport for the delivery's tests (transports/transport.ts's interface): it keeps
 * what it accepted, de-duplicated by the idempotency key as a provider that supports it does, and
 * answers as the test says (`next`: the outcome of the coming calls, one each; then ok).
 */
export interface FakeTransport extends DeliveryTransport {
  /** Every call, duplicates included. */
  readonly calls: OutgoingMessage[];
  /** What reached the guest: one per idempotency key. */
  readonly accepted: OutgoingMessage[];
  /**
   * The outcomes of the next calls, in order: a refusal, a throw (the network), or 'accept-then-throw' (the provider
   * took it, and the server died before it heard: its answer is lost).
   */
  next: (SendResult | 'throw' | 'accept-then-throw')[];
}

export function fakeTransport(channel: 'email' | 'whatsapp'): FakeTransport {
  const calls: OutgoingMessage[] = [];
  const accepted = new Map<string, OutgoingMessage>();
  const transport: FakeTransport = {
    channel,
    calls,
    get accepted() {
      return [...accepted.values()];
    },
    next: [],
    async send(message) {
      calls.push(message);
      const outcome = transport.next.shift();
      if (outcome === 'throw') throw new Error('conexão recusada');
      if (outcome && outcome !== 'accept-then-throw' && !outcome.ok) return outcome;
      if (!accepted.has(message.idempotencyKey)) accepted.set(message.idempotencyKey, message);
      if (outcome === 'accept-then-throw') throw new Error('o servidor caiu antes da resposta');
      return { ok: true, providerId: `prov-${message.idempotencyKey}` };
    },
    async close() {},
  };
  return transport;
}

/** Both channels, faked. */
export function fakeTransports(): { email: FakeTransport; whatsapp: FakeTransport } & DeliveryTransports {
  return { email: fakeTransport('email'), whatsapp: fakeTransport('whatsapp') };
}
