import { deliveryGivenUpJob, deliveryKeys } from '../../server/src/modules/delivery';
import { batchWaitingPhotos } from '../../server/src/modules/delivery/deliveryMessages';
import { deliverySendJob } from '../../server/src/modules/delivery/jobs/deliveryJobs';
import { RESEND_GRACE_SECONDS } from '../../server/src/modules/delivery/sendAttempts';
import { signNotificationBody } from '../../server/src/modules/delivery/transports/whatsAppNotifications';
import { statusNotification, type StatusOfMessage } from '../../tools/standIns/whatsAppShapes';
import {
  collect,
  newAgent,
  server,
  settings,
  subscribed,
  transports,
  withDeliveryWorld,
} from './support/deliveryWorld';

/**
 * A WhatsApp message whose send has no known outcome (docs/operations.md#photos-delivered): the Cloud API took it,
 * and the server died, or its answer was lost, before the mark. Meta does not de-duplicate, so the message is not
 * sent again while its status notification may still come: that notification names the message by its key (the
 * `biz_opaque_callback_data` it was sent with) and marks it sent. The server's own workers run nothing here: each
 * send is run by the test, as a queue's run would (the handler), and the notifications are posted by it, signed.
 */
const APP_SECRET = 'segredo-do-app-da-meta';
withDeliveryWorld({ JOB_WORKERS: '0', WHATSAPP_APP_SECRET: APP_SECRET });

const send = (message: number) =>
  deliverySendJob(
    server.db,
    { site: 'http://127.0.0.1', objects: { temporaryUrl: async () => null }, keys: deliveryKeys(Buffer.alloc(32)) },
    transports,
  )({ message });

let numbers = 0;

/** A guest subscribed by WhatsApp who collected a photo: its message, recorded and pending (its key too). */
async function pendingMessage(): Promise<{ id: number; key: string; to: string }> {
  const agent = newAgent('entregazap');
  const to = `+55119${String((numbers += 1)).padStart(8, '0')}`;
  await subscribed(agent, { channel: 'whatsapp', address: to });
  await collect(agent, '/media/festa_ana/pad/a1.jpg');
  const { rows } = await server.db.query<{ id: string }>('SELECT id FROM delivery_subscriptions WHERE agent = $1', [
    agent,
  ]);
  const id = await batchWaitingPhotos(server.db, { enqueue: async () => undefined }, Number(rows[0].id));
  if (id === null) throw new Error('no message recorded');
  const { rows: keys } = await server.db.query<{ key: string }>(
    'SELECT idempotency_key AS key FROM delivery_messages WHERE id = $1',
    [id],
  );
  return { id, key: keys[0].key, to };
}

/** The message as kept: its status, the provider's id, how many attempts. */
async function kept(id: number) {
  const { rows } = await server.db.query<{ status: string; provider_id: string | null; attempts: number }>(
    'SELECT status, provider_id, attempts FROM delivery_messages WHERE id = $1',
    [id],
  );
  return rows[0];
}

/** Meta's signed notification of one status, posted to the webhook as Meta posts it. */
async function notify(providerId: string, status: StatusOfMessage['status'], key: string | null): Promise<void> {
  const body = statusNotification({
    id: providerId,
    status,
    recipientId: '5511900000000',
    phoneNumberId: '106540352242922',
    callbackData: key,
    ...(status === 'failed' ? { failure: { code: 131026, details: 'Message Undeliverable.' } } : {}),
  });
  const response = await server.call({
    method: 'POST',
    url: '/api/webhooks/whatsapp',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signNotificationBody(APP_SECRET, body) },
    payload: body,
  });
  expect(response.statusCode).toBe(200);
}

const callsTo = (to: string) => transports.whatsapp.calls.filter((call) => call.to === to).length;

/** Past the grace: the last attempt made that long ago. */
async function graceOver(id: number): Promise<void> {
  await server.db.query(
    'UPDATE delivery_messages SET unsettled_attempt_at = now() - make_interval(secs => $2 + 1) WHERE id = $1',
    [id, RESEND_GRACE_SECONDS.whatsapp],
  );
}

beforeEach(async () => {
  await settings(true, 500);
});

it("Meta's status, by the key it echoes, marks sent a message whose server died; its retry sends nothing", async () => {
  const message = await pendingMessage();
  transports.whatsapp.next = ['accept-then-throw'];
  await expect(send(message.id)).rejects.toThrow();
  expect(await kept(message.id)).toEqual({ status: 'pending', provider_id: null, attempts: 1 });

  await notify('wamid.morto', 'sent', message.key);
  expect(await kept(message.id)).toEqual({ status: 'sent', provider_id: 'wamid.morto', attempts: 1 });
  await send(message.id);
  expect(callsTo(message.to)).toBe(1);
  // The rest of its notifications follow it as for any message.
  await notify('wamid.morto', 'delivered', message.key);
  expect(await kept(message.id)).toMatchObject({ status: 'delivered' });
});

it('a notification naming another key, or none, marks nothing', async () => {
  const message = await pendingMessage();
  transports.whatsapp.next = ['accept-then-throw'];
  await expect(send(message.id)).rejects.toThrow();
  await notify('wamid.outro', 'sent', `${message.key}x`);
  await notify('wamid.semchave', 'delivered', null);
  expect(await kept(message.id)).toEqual({ status: 'pending', provider_id: null, attempts: 1 });
});

it('a retried send within the grace calls no transport; past it, it sends again', async () => {
  const message = await pendingMessage();
  transports.whatsapp.next = ['accept-then-throw'];
  await expect(send(message.id)).rejects.toThrow('o servidor caiu antes da resposta');
  await expect(send(message.id)).rejects.toThrow("an earlier attempt's outcome still unknown");
  expect(callsTo(message.to)).toBe(1);
  expect(await kept(message.id)).toEqual({ status: 'pending', provider_id: null, attempts: 1 });

  await graceOver(message.id);
  await send(message.id);
  expect(callsTo(message.to)).toBe(2);
  expect(await kept(message.id)).toEqual({ status: 'sent', provider_id: `prov-${message.key}`, attempts: 2 });
});

it("a late notification of the attempt before a resend changes nothing: the resend's word counts", async () => {
  const message = await pendingMessage();
  transports.whatsapp.next = ['accept-then-throw'];
  await expect(send(message.id)).rejects.toThrow();
  await graceOver(message.id);
  await send(message.id);
  const resent = `prov-${message.key}`;

  await notify('wamid.atrasado', 'sent', message.key);
  await notify('wamid.atrasado', 'failed', message.key);
  expect(await kept(message.id)).toEqual({ status: 'sent', provider_id: resent, attempts: 2 });
  await notify(resent, 'delivered', message.key);
  expect(await kept(message.id)).toMatchObject({ status: 'delivered', provider_id: resent });
});

it('a refusal Meta answered settles the attempt: the retry sends at once', async () => {
  const message = await pendingMessage();
  transports.whatsapp.next = [{ ok: false, retryable: true, reason: 'limite de envio (código 130429)' }];
  await expect(send(message.id)).rejects.toThrow('130429');
  await send(message.id);
  expect(callsTo(message.to)).toBe(2);
  expect(await kept(message.id)).toMatchObject({ status: 'sent', attempts: 2 });
});

it('an answer lost on the way (unsettled) holds the retry back as a kill does', async () => {
  const message = await pendingMessage();
  transports.whatsapp.next = [{ ok: false, retryable: true, reason: 'tempo esgotado', unsettled: true }];
  await expect(send(message.id)).rejects.toThrow('tempo esgotado');
  await expect(send(message.id)).rejects.toThrow("an earlier attempt's outcome still unknown");
  expect(callsTo(message.to)).toBe(1);
});

it("given up while its last attempt was unsettled, Meta's word by its key marks it sent: it went", async () => {
  const message = await pendingMessage();
  transports.whatsapp.next = ['accept-then-throw'];
  await expect(send(message.id)).rejects.toThrow();
  await deliveryGivenUpJob(server.db)({ message: message.id });
  expect(await kept(message.id)).toMatchObject({ status: 'failed', provider_id: null });

  await notify('wamid.tardio', 'delivered', message.key);
  expect(await kept(message.id)).toEqual({ status: 'delivered', provider_id: 'wamid.tardio', attempts: 1 });
});

it('a message refused for good stays failed whatever a notification with its key says', async () => {
  const message = await pendingMessage();
  transports.whatsapp.next = [{ ok: false, retryable: false, reason: 'número inválido' }];
  await send(message.id);
  await notify('wamid.estranho', 'sent', message.key);
  expect(await kept(message.id)).toMatchObject({ status: 'failed', provider_id: null });
});
