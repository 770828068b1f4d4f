import type { DeliveryTransport } from '../../server/src/modules/delivery';
import { HOLDER_NAME_PREFIX } from '../../server/src/platform/db/jobHolders';
import { startSecondApp } from './support/testServer';
import {
  collect,
  messagesOf,
  newAgent,
  receivedBy,
  server,
  settings,
  subscribed,
  transports,
  withDeliveryWorld,
} from './support/deliveryWorld';

/**
 * A server killed in the middle of a send (docs/operations.md#photos-delivered): the provider took
 * the message, the server died before it could mark it sent. Its job goes to another server, which
 * sends the message again under the same idempotency key: the guest gets it once. The world's own
 * server runs no jobs here, so that the server that dies is the one that took it.
 */
withDeliveryWorld({ JOB_WORKERS: '0' });

it('a send whose server died after the provider took it runs elsewhere, and reaches the guest once', async () => {
  await settings(true, 500);
  let taken = false;
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  // The provider (the shared fake) takes the message; the server then never hears back, as a killed one would not.
  const dying: DeliveryTransport = {
    channel: 'email',
    async send(message) {
      await transports.email.send(message);
      taken = true;
      await held;
      throw new Error('o servidor morreu');
    },
    async close() {},
  };
  const doomed = await startSecondApp(server, { deliveryTransports: { email: dying }, config: { jobWorkers: 1 } });
  let survivor: Awaited<ReturnType<typeof startSecondApp>> | null = null;
  try {
    const agent = newAgent();
    await subscribed(agent);
    await collect(agent, '/media/festa_ana/pad/a1.jpg');
    while (!taken) await new Promise((resolve) => setTimeout(resolve, 20));
    // SIGKILL of its process, as far as the database sees it: its holding connection ends.
    const killed = await server.db.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name LIKE $1',
      [`${HOLDER_NAME_PREFIX}%`],
    );
    expect(killed.rowCount).toBe(1);
    expect(await messagesOf(agent)).toEqual([{ kind: 'photos', status: 'pending', photos: 1, reason: null }]);
    survivor = await startSecondApp(server, { deliveryTransports: transports, config: { jobWorkers: 1 } });
    while ((await messagesOf(agent))[0].status === 'pending') await new Promise((resolve) => setTimeout(resolve, 20));
    const calls = transports.email.calls.filter((call) => call.to === `${agent}@exemplo.com`);
    expect(calls).toHaveLength(2);
    expect(calls[0].idempotencyKey).toBe(calls[1].idempotencyKey);
    expect(receivedBy(`${agent}@exemplo.com`)).toHaveLength(1);
    expect(await messagesOf(agent)).toEqual([{ kind: 'photos', status: 'sent', photos: 1, reason: null }]);
  } finally {
    release();
    await doomed.close();
    await survivor?.close();
  }
});
