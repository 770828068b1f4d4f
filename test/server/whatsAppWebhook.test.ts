import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import { whatsAppWebhookRoutes } from '../../server/src/modules/delivery/http/whatsAppWebhookRoutes';
import {
  signNotificationBody,
  type WhatsAppStatus,
} from '../../server/src/modules/delivery/transports/whatsAppNotifications';
import { whatsAppTransport } from '../../server/src/modules/delivery/transports/whatsAppTransport';
import { loadConfig } from '../../server/src/platform/config';
import type { Database } from '../../server/src/platform/db/database';
import { registerErrorHandler } from '../../server/src/platform/http/errorHandler';
import { statusNotification } from '../../tools/standIns/whatsAppShapes';
import {
  failNext,
  newPhoneNumberId,
  newWhatsAppNumber,
  registerWebhook,
  standInSettings,
} from './support/whatsAppStandIn';

/**
 * The WhatsApp Cloud API's webhook (docs/api.md#whatsapp-webhook): Meta's verification of the callback, and its
 * signed status notifications handed to the delivery module's record of statuses (a fake here, which keeps what it
 * was told); then the stand-in posting them as Meta does, to a server listening on 127.0.0.1.
 */

const APP_SECRET = 'segredo-do-app-da-meta';
const VERIFY_TOKEN = 'palavra-combinada-com-a-meta';

type Recorded = [string, WhatsAppStatus, string | undefined];

/** The key each status echoed (its message's `biz_opaque_callback_data`), by provider id and status. */
const keys = new Map<string, string | undefined>();

async function webhookApp(env: Record<string, string>): Promise<{ app: FastifyInstance; recorded: Recorded[] }> {
  const recorded: Recorded[] = [];
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  await api.register(
    async (scope) =>
      whatsAppWebhookRoutes(scope, { config: loadConfig(env), db: {} as Database }, async (id, status, reason, key) => {
        recorded.push([id, status, reason]);
        keys.set(`${id} ${status}`, key);
      }),
    { prefix: '/api' },
  );
  // A photo's short-lived link that works, for the stand-in to fetch.
  app.get('/foto/valendo', async () => 'imagem');
  await app.ready();
  return { app, recorded };
}

let app: FastifyInstance;
let recorded: Recorded[];
beforeEach(async () => {
  ({ app, recorded } = await webhookApp({ WHATSAPP_APP_SECRET: APP_SECRET, WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN }));
});
afterEach(() => app.close());

const status = (id: string, kind: WhatsAppStatus, failure?: { code: number; details: string }) =>
  statusNotification({
    id,
    status: kind,
    recipientId: '5511987654321',
    phoneNumberId: '106540352242922',
    callbackData: null,
    failure,
  });

function post(body: string, signature: string | undefined) {
  return app.inject({
    method: 'POST',
    url: '/api/webhooks/whatsapp',
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-hub-signature-256': signature } : {}) },
    payload: body,
  });
}

describe("the WhatsApp webhook: Meta's verification", () => {
  const verify = (query: string) => app.inject({ method: 'GET', url: `/api/webhooks/whatsapp?${query}` });

  it('answers the challenge, as plain text, to the verify token', async () => {
    const response = await verify(`hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toBe('1158201444');
  });

  it('refuses another token, no token, another mode, and a challenge that is no challenge', async () => {
    expect((await verify(`hub.mode=subscribe&hub.verify_token=adivinha&hub.challenge=1`)).statusCode).toBe(403);
    expect((await verify(`hub.mode=subscribe&hub.challenge=1`)).statusCode).toBe(403);
    expect((await verify(`hub.mode=unsubscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1`)).statusCode).toBe(
      403,
    );
    const script = encodeURIComponent('<script>alert(1)</script>');
    expect(
      (await verify(`hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=${script}`)).statusCode,
    ).toBe(400);
  });

  it('verifies nothing when no verify token is configured', async () => {
    const bare = await webhookApp({});
    try {
      const response = await bare.app.inject({
        method: 'GET',
        url: '/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=&hub.challenge=1',
      });
      expect(response.statusCode).toBe(403);
    } finally {
      await bare.app.close();
    }
  });
});

describe("the WhatsApp webhook: Meta's statuses", () => {
  it('records each status of a signed notification: delivered, read, failed with its reason', async () => {
    for (const body of [
      status('wamid.A1', 'sent'),
      status('wamid.A1', 'delivered'),
      status('wamid.A1', 'read'),
      status('wamid.B2', 'failed', { code: 131026, details: 'Message Undeliverable.' }),
    ]) {
      const response = await post(body, signNotificationBody(APP_SECRET, body));
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('ok');
    }
    expect(keys.get('wamid.A1 sent')).toBeUndefined();
    expect(recorded).toEqual([
      ['wamid.A1', 'sent', undefined],
      ['wamid.A1', 'delivered', undefined],
      ['wamid.A1', 'read', undefined],
      [
        'wamid.B2',
        'failed',
        'WhatsApp não entregou a mensagem (código 131026): Message undeliverable: Message Undeliverable.',
      ],
    ]);
  });

  it('refuses with 401, recording nothing, one unsigned, badly signed or changed after signing', async () => {
    const body = status('wamid.C3', 'delivered');
    const refusals = [
      [await post(body, undefined), 'missing_signature'],
      [await post(body, 'sha256=abc'), 'invalid_signature'],
      [await post(body, signNotificationBody('outro-segredo', body)), 'invalid_signature'],
      [await post(body.replace('delivered', 'read'), signNotificationBody(APP_SECRET, body)), 'invalid_signature'],
      [await post(body, signNotificationBody(APP_SECRET, body).replace('sha256=', 'sha1=')), 'invalid_signature'],
    ] as const;
    for (const [response, code] of refusals) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: code });
    }
    expect(recorded).toEqual([]);
  });

  it('believes nothing without an app secret', async () => {
    const bare = await webhookApp({});
    try {
      const body = status('wamid.D4', 'delivered');
      const response = await bare.app.inject({
        method: 'POST',
        url: '/api/webhooks/whatsapp',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signNotificationBody('', body) },
        payload: body,
      });
      expect(response.statusCode).toBe(401);
      expect(bare.recorded).toEqual([]);
    } finally {
      await bare.app.close();
    }
  });

  it('refuses a signed body that is not JSON, and records nothing of a notification without statuses', async () => {
    const garbage = '{"object": "whatsapp_business_account", ';
    expect((await post(garbage, signNotificationBody(APP_SECRET, garbage))).statusCode).toBe(400);
    const incoming = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [{ id: '1', changes: [{ field: 'messages', value: { messages: [{ id: 'wamid.in', type: 'text' }] } }] }],
    });
    expect((await post(incoming, signNotificationBody(APP_SECRET, incoming))).statusCode).toBe(200);
    expect(recorded).toEqual([]);
  });
});

describe('the stand-in posts signed statuses back, as Meta does', () => {
  async function recordedUntil(predicate: (all: Recorded[]) => boolean): Promise<void> {
    // Waited for, not timed: the stand-in posts each status after the last, a few milliseconds apart.
    while (!predicate(recorded)) await new Promise((resolve) => setTimeout(resolve, 20));
  }

  it('sent, delivered and read of a message accepted; failed of one that could not be delivered', async () => {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const phoneNumberId = newPhoneNumberId();
    await registerWebhook(phoneNumberId, `http://127.0.0.1:${port}/api/webhooks/whatsapp`, APP_SECRET);
    const transport = whatsAppTransport(standInSettings(phoneNumberId));
    const message = {
      idempotencyKey: 'assinatura-1:foto-1',
      channel: 'whatsapp' as const,
      to: newWhatsAppNumber(),
      guestName: 'Ana',
      eventTitle: 'Festa',
      photos: [{ imageUrl: 'https://cabine.example/i/1', pageUrl: 'https://cabine.example/p/1' }],
      collectionUrl: null,
      stopUrl: 'https://cabine.example/parar/tokentokentokentoken',
      kind: 'photos' as const,
    };
    const sent = await transport.send(message);
    if (!sent.ok) throw new Error(sent.reason);
    await recordedUntil((all) => all.some(([id, kind]) => id === sent.providerId && kind === 'read'));
    expect(recorded).toEqual([
      [sent.providerId, 'sent', undefined],
      [sent.providerId, 'delivered', undefined],
      [sent.providerId, 'read', undefined],
    ]);
    // Each status echoes the key the message was sent with, as Meta echoes biz_opaque_callback_data.
    for (const kind of ['sent', 'delivered', 'read'])
      expect(keys.get(`${sent.providerId} ${kind}`)).toBe('assinatura-1:foto-1');

    await failNext(message.to, { code: 131026, async: true });
    const undelivered = await transport.send(message);
    if (!undelivered.ok) throw new Error(undelivered.reason);
    await recordedUntil((all) => all.some(([id]) => id === undelivered.providerId));
    const failed = [undelivered.providerId, 'failed', expect.stringContaining('(código 131026)')];
    expect(recorded.slice(3)).toEqual([failed]);
    expect(keys.get(`${undelivered.providerId} failed`)).toBe('assinatura-1:foto-1');
  });

  it("fetching each photo's link as Meta does: one that works is sent, one that does not fails (131053)", async () => {
    // The photos' short-lived links, on this test's server: one answers, the other is gone.
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const site = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const phoneNumberId = newPhoneNumberId();
    await registerWebhook(phoneNumberId, `${site}/api/webhooks/whatsapp`, APP_SECRET, true);
    const transport = whatsAppTransport(standInSettings(phoneNumberId));
    const send = async (imageUrl: string) => {
      const sent = await transport.send({
        idempotencyKey: `assinatura-2:${imageUrl}`,
        channel: 'whatsapp',
        to: newWhatsAppNumber(),
        guestName: 'Ana',
        eventTitle: 'Festa',
        photos: [{ imageUrl, pageUrl: `${site}/collect?id=1` }],
        collectionUrl: null,
        stopUrl: `${site}/parar/tokentokentokentoken`,
        kind: 'photos',
      });
      if (!sent.ok) throw new Error(sent.reason);
      return sent.providerId;
    };
    const working = await send(`${site}/foto/valendo`);
    const expired = await send(`${site}/foto/expirada`);
    await recordedUntil(
      (all) => all.some(([id, kind]) => id === working && kind === 'read') && all.some(([id]) => id === expired),
    );
    expect(recorded.filter(([id]) => id === working).map(([, kind]) => kind)).toEqual(['sent', 'delivered', 'read']);
    expect(recorded.filter(([id]) => id === expired)).toEqual([
      [expired, 'failed', expect.stringContaining('(código 131053)')],
    ]);
  });
});
