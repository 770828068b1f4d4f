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
  upload,
  withDeliveryWorld,
} from './support/deliveryWorld';

/**
 * Batching (docs/product.md#photos-delivered): the photos noted for a guest before their batch runs
 * go in one message, the first three shown and the gallery's link past them. The world's own server
 * runs no jobs here, so that every photo is noted before any batch runs, however slow the machine;
 * a server with workers is started after.
 */
withDeliveryWorld({ JOB_WORKERS: '0' });

it("photos noted in the batch window go in one message; past three, with the guest's and gallery's links", async () => {
  await settings(true, 500);
  const agent = newAgent();
  await subscribed(agent);
  const urls: string[] = [];
  for (const file of ['lote1.jpg', 'lote2.jpg', 'lote3.jpg', 'lote4.jpg']) urls.push(await upload(file));
  for (const url of urls) await collect(agent, url);
  const worker = await startSecondApp(server, { deliveryTransports: transports, config: { jobWorkers: 1 } });
  try {
    await server.jobsDone();
  } finally {
    await worker.close();
  }
  const received = receivedBy(`${agent}@exemplo.com`);
  expect(received).toHaveLength(1);
  expect(received[0].photos.map((photo) => photo.pageUrl.split('%2F').pop())).toEqual([
    'lote1.jpg',
    'lote2.jpg',
    'lote3.jpg',
  ]);
  expect(received[0].galleryUrl).toMatch(/\/eventos\/evento\/pad\?evento=festa_ana$/);
  expect(received[0].collectionUrl).toMatch(/\/privacidade\?fotos=[A-Za-z0-9_-]{32}$/);
  expect(await messagesOf(agent)).toEqual([{ kind: 'photos', status: 'sent', photos: 4, reason: null }]);
});
