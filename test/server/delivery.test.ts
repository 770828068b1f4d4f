import type { EventNumbersReply } from '../../contract/wire';
import { deliveryConsentText } from '../../server/src/modules/delivery/consentText';
import { deliveryGivenUpJob, recordDeliveryStatus } from '../../server/src/modules/delivery';
import { purgeExpired } from '../../server/src/modules/privacy/privacy';
import { createMediaStorage } from '../../server/src/modules/media/storage/mediaStorage';
import {
  collect,
  FACE_A,
  figures,
  keepSelfie,
  messagesOf,
  newAgent,
  offer,
  owner,
  server,
  settings,
  subscribeAs,
  subscribed,
  transports,
  withDeliveryWorld,
  myDeliveries,
} from './support/deliveryWorld';

/**
 * The subscription to receive one's photos (docs/privacy.md#photos-delivered): nothing offered while
 * the owner has it off; the consent text agreed to kept and logged; the address checked; one
 * subscription per visitor and event; the owner's figures (and the provider's word on each
 * message); the privacy page's list and erasure, and the retention sweep.
 */
withDeliveryWorld();

const consentLog = async (agent: string) =>
  (
    await server.db.query<{ action: string }>('SELECT action FROM delivery_consents WHERE agent = $1 ORDER BY id', [
      agent,
    ])
  ).rows.map((row) => row.action);

describe('while the owner has it off (the default)', () => {
  it('offers nothing, and refuses a subscription (409)', async () => {
    const agent = newAgent();
    expect(await offer(agent)).toMatchObject({ offered: false, text: '', subscription: null });
    const hash = deliveryConsentText('Festa da Ana', 90).hash;
    const response = await subscribeAs(agent, {
      name: 'Ana',
      channel: 'email',
      address: 'ana@exemplo.com',
      consent: hash,
      faceMatches: false,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: 'delivery_off' });
  });
});

describe('subscribing', () => {
  beforeAll(async () => {
    await settings(true, 500);
  });

  it('is kept with the text agreed to, logged, and answered with the address masked', async () => {
    const agent = newAgent();
    const shown = await offer(agent);
    expect(shown).toMatchObject({
      offered: true,
      title: 'Festa da Ana',
      faceMatchesOffered: false,
      subscription: null,
    });
    expect(shown.text).toContain('Parar de receber');
    const response = await subscribeAs(agent, {
      name: '  Bia  ',
      channel: 'whatsapp',
      address: '(21) 99876-5432',
      consent: shown.textHash,
      faceMatches: false,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().subscription).toMatchObject({
      name: 'Bia',
      channel: 'whatsapp',
      maskedAddress: '+55 (21) *****-5432',
      faceMatches: false,
    });
    const kept = await server.db.query('SELECT address, consent_hash FROM delivery_subscriptions WHERE agent = $1', [
      agent,
    ]);
    expect(kept.rows).toEqual([{ address: '+5521998765432', consent_hash: shown.textHash }]);
    const text = await server.db.query('SELECT body FROM consent_texts WHERE hash = $1', [shown.textHash]);
    expect(text.rows[0].body).toBe(shown.text);
    expect(await consentLog(agent)).toEqual(['given']);
    expect((await offer(agent)).subscription).toMatchObject({ maskedAddress: '+55 (21) *****-5432' });
  });

  it('again replaces the address: still one subscription', async () => {
    const agent = newAgent();
    await subscribed(agent);
    await subscribed(agent, { address: `outro-${agent}@exemplo.com` });
    const { rows } = await server.db.query('SELECT address FROM delivery_subscriptions WHERE agent = $1', [agent]);
    expect(rows).toEqual([{ address: `outro-${agent}@exemplo.com` }]);
  });

  it.each([
    ['a stale consent text', { consent: 'a'.repeat(64) }, 409, 'consent_changed'],
    ['a landline', { channel: 'whatsapp', address: '(11) 3333-4444' }, 400, 'invalid_whatsapp'],
    ['a broken e-mail', { address: 'ana@' }, 400, 'invalid_email'],
    ['face matches without a face search', { faceMatches: true }, 409, 'no_face_search'],
  ])('refuses %s', async (_case, change, status, error) => {
    const agent = newAgent();
    const { textHash } = await offer(agent);
    const response = await subscribeAs(agent, {
      name: 'Ana',
      channel: 'email',
      address: 'ana@exemplo.com',
      consent: textHash,
      faceMatches: false,
      ...change,
    });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ error });
    expect((await server.db.query('SELECT 1 FROM delivery_subscriptions WHERE agent = $1', [agent])).rowCount).toBe(0);
  });

  it('with face matches, for a visitor whose face search kept a selfie at an event with it on', async () => {
    await server.db.query("UPDATE events SET face_search = true WHERE name = 'festa_ana'");
    try {
      const agent = newAgent();
      await keepSelfie(agent, FACE_A);
      expect((await offer(agent)).faceMatchesOffered).toBe(true);
      await subscribed(agent, { faceMatches: true });
      expect((await offer(agent)).subscription?.faceMatches).toBe(true);
    } finally {
      await server.db.query("UPDATE events SET face_search = false WHERE name = 'festa_ana'");
    }
  });

  it('needs the browser’s own signed agent (403 without one)', async () => {
    const { textHash } = await offer(newAgent());
    const response = await server.call({
      method: 'POST',
      url: '/api/entregas/festa_ana',
      payload: { name: 'Ana', channel: 'email', address: 'a@exemplo.com', consent: textHash, faceMatches: false },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe("the owner's figures", () => {
  beforeAll(async () => {
    await settings(true, 500);
  });

  it('count the subscribed, and the provider’s word on what was sent; the party in numbers has them too', async () => {
    const before = await figures();
    const agent = newAgent();
    await subscribed(agent);
    await collect(agent, '/media/festa_ana/pad/a1.jpg');
    await server.jobsDone();
    const [message] = transports.email.accepted.filter((sent) => sent.to === `${agent}@exemplo.com`);
    expect(await recordDeliveryStatus(server.db, `prov-${message.idempotencyKey}`, 'delivered')).toBe(true);
    // A late 'sent' never takes it back; an unknown message is said so.
    await recordDeliveryStatus(server.db, `prov-${message.idempotencyKey}`, 'sent');
    expect(await recordDeliveryStatus(server.db, 'prov-desconhecido', 'read')).toBe(false);
    expect(await figures()).toEqual({
      ...before,
      subscribed: before.subscribed + 1,
      sent: before.sent + 1,
      delivered: before.delivered + 1,
    });
    const numbers = await server.call({ method: 'GET', url: '/api/events/festa_ana/numeros', token: owner.token });
    expect(numbers.json<EventNumbersReply>().delivery).toEqual(await figures());
  });

  it(`keep the provider's word that comes before the server marked the message (its notification raced the send's \
answer), and apply it at the mark`, async () => {
    const agent = newAgent();
    await subscribed(agent);
    const send = transports.email.send;
    const early: boolean[] = [];
    transports.email.send = async (message) => {
      const result = await send(message);
      // The provider's notification, before the send's answer reached the server.
      if (result.ok) early.push(await recordDeliveryStatus(server.db, result.providerId, 'delivered'));
      return result;
    };
    try {
      await collect(agent, '/media/festa_ana/pad/a1.jpg');
      await server.jobsDone();
    } finally {
      transports.email.send = send;
    }
    expect(early).toEqual([false]);
    expect(await messagesOf(agent)).toMatchObject([{ status: 'delivered' }]);
  });

  it('count a message given up after its retries as failed, with the last reason', async () => {
    const agent = newAgent();
    await subscribed(agent);
    const { rows } = await server.db.query<{ id: string }>(
      `INSERT INTO delivery_messages (subscription_id, event_name, agent, kind, idempotency_key, reason, expires_at)
       SELECT id, event_name, agent, 'photos', 'teste-' || id, 'limite do provedor', expires_at
         FROM delivery_subscriptions WHERE agent = $1 RETURNING id`,
      [agent],
    );
    await deliveryGivenUpJob(server.db)({ message: Number(rows[0].id) });
    expect(await messagesOf(agent)).toEqual([
      {
        kind: 'photos',
        status: 'failed',
        photos: 0,
        reason: 'desistimos depois de várias tentativas: limite do provedor',
      },
    ]);
  });
});

describe('privacy', () => {
  beforeAll(async () => {
    await settings(true, 500);
  });

  it('lists the subscription and the messages sent, and erases them (logged)', async () => {
    const agent = newAgent();
    await subscribed(agent);
    await collect(agent, '/media/festa_ana/pad/a2.jpg');
    await server.jobsDone();
    const [listed] = await myDeliveries(agent);
    expect(listed).toMatchObject({ bname: 'festa_ana', channel: 'email', address: `${agent}@exemplo.com` });
    expect(listed.messages).toEqual([{ kind: 'photos', photos: 1, status: 'sent', at: expect.any(String) }]);
    const erase = () =>
      server.call({
        method: 'DELETE',
        url: `/api/privacy/entregas/${agent}/festa_ana`,
        headers: { cookie: server.visitorCookie(agent) },
      });
    expect((await erase()).json()).toEqual({ removed: 2 });
    expect((await erase()).json()).toEqual({ removed: 0 });
    expect(await myDeliveries(agent)).toEqual([]);
    expect(await messagesOf(agent)).toEqual([]);
    expect(await consentLog(agent)).toEqual(['given', 'erased']);
  });

  it("'Apagar minhas fotos' erases them too", async () => {
    const agent = newAgent();
    await subscribed(agent);
    const response = await server.call({
      method: 'POST',
      url: '/api/privacy/erase',
      payload: { agent },
      headers: { cookie: server.visitorCookie(agent) },
    });
    expect(response.statusCode).toBe(200);
    expect(await myDeliveries(agent)).toEqual([]);
    expect(await consentLog(agent)).toEqual(['given', 'erased']);
  });

  it('sweeps a subscription past the event’s retention', async () => {
    const agent = newAgent();
    await subscribed(agent);
    const later = new Date(Date.now() + 91 * 24 * 60 * 60 * 1000);
    const purged = await purgeExpired(server.db, createMediaStorage(server.dataDir), later);
    expect(purged.deliveries).toBeGreaterThanOrEqual(1);
    expect(await consentLog(agent)).toEqual(['given', 'expired']);
    // The log itself, past its five years.
    await purgeExpired(server.db, createMediaStorage(server.dataDir), new Date(Date.now() + 6 * 366 * 86_400_000));
    expect(await consentLog(agent)).toEqual([]);
  });
});
