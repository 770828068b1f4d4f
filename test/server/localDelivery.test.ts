import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify from 'fastify';
import { whatsAppWebhookRoutes } from '../../server/src/modules/delivery/http/whatsAppWebhookRoutes';
import {
  configuredTransports,
  closeTransports,
} from '../../server/src/modules/delivery/transports/configuredTransports';
import type { OutgoingMessage } from '../../server/src/modules/delivery/transports/transport';
import type { WhatsAppStatus } from '../../server/src/modules/delivery/transports/whatsAppNotifications';
import { loadConfig } from '../../server/src/platform/config';
import type { Database } from '../../server/src/platform/db/database';
import { startLocalDelivery } from '../../tools/localStack/localDelivery';
import { readMailbox } from '../../tools/standIns/mailStandIn';

/**
 * What `npm start` does for the channels nobody configured (tools/localStack/localDelivery.ts): it starts the
 * stand-ins and points the server at them through the variables a real SMTP server or Meta would be given, so the
 * configured transports send there, and the WhatsApp stand-in's statuses reach the server's webhook.
 */

const message = (channel: 'email' | 'whatsapp', to: string, site = 'http://127.0.0.1:8080'): OutgoingMessage => ({
  idempotencyKey: `local-${channel}`,
  channel,
  to,
  guestName: 'Ana',
  eventTitle: 'Festa da Ana',
  photos: [{ imageUrl: `${site}/foto/1`, pageUrl: `${site}/collect?id=/media/festa_ana/pad/a1.jpg` }],
  collectionUrl: null,
  stopUrl: `${site}/parar/tokentokentokentoken`,
  kind: 'photos',
});

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'local-delivery-'));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe("npm start's delivery stand-ins", () => {
  it('stand in for both channels: mails land in the data folder, WhatsApp statuses reach the server', async () => {
    const lines: string[] = [];
    const delivery = await startLocalDelivery({}, dataDir, (line) => lines.push(line));
    const config = loadConfig(delivery.env);
    const transports = configuredTransports(config.delivery);
    const recorded: Array<[string, WhatsAppStatus]> = [];
    const app = Fastify({ logger: false });
    await app.withTypeProvider<TypeBoxTypeProvider>().register(
      async (scope) =>
        whatsAppWebhookRoutes(scope, { config, db: {} as Database }, async (id, status) => {
          recorded.push([id, status]);
        }),
      { prefix: '/api' },
    );
    // The photo's short-lived link, which the stand-in fetches as Meta does.
    app.get('/foto/1', async () => 'imagem');
    try {
      if (!transports.email || !transports.whatsapp) throw new Error('a channel has no transport');
      expect(await transports.email.send(message('email', 'ana@exemplo.com.br'))).toMatchObject({ ok: true });
      const [mail] = readMailbox(path.join(dataDir, 'mail'));
      expect(mail.to).toEqual(['ana@exemplo.com.br']);
      expect(lines).toContain(`e-mail para ana@exemplo.com.br guardado em ${path.join(dataDir, 'mail')}`);

      await app.listen({ host: '127.0.0.1', port: 0 });
      const address = app.server.address();
      const site = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      delivery.serverListening(site);
      const sent = await transports.whatsapp.send(message('whatsapp', '+5511987654321', site));
      if (!sent.ok) throw new Error(sent.reason);
      expect(delivery.whatsApp?.accepted().map((accepted) => accepted.id)).toEqual([sent.providerId]);
      // Waited for, not timed: the stand-in posts each status after the last.
      while (!recorded.some(([, status]) => status === 'read')) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(recorded).toEqual([
        [sent.providerId, 'sent'],
        [sent.providerId, 'delivered'],
        [sent.providerId, 'read'],
      ]);
      expect(delivery.whatsApp?.accepted()[0].mediaAnswer).toBe(200);
      expect(delivery.lines().join('\n')).toMatch(/E-mails \(servidor SMTP local 127\.0\.0\.1:\d+\): guardados em /);
    } finally {
      await closeTransports(transports);
      await app.close();
      await delivery.stop();
    }
  });

  it('starts no stand-in for a channel that is configured', async () => {
    const delivery = await startLocalDelivery(
      { SMTP_HOST: 'smtp.example.com', WHATSAPP_PHONE_NUMBER_ID: '123', WHATSAPP_ACCESS_TOKEN: 't' },
      dataDir,
      () => undefined,
    );
    try {
      expect(delivery.env).toEqual({});
      expect(delivery.mail).toBeNull();
      expect(delivery.whatsApp).toBeNull();
      expect(delivery.lines()).toEqual([]);
    } finally {
      await delivery.stop();
    }
  });

  it('gives a channel nobody configured no transport, when no stand-in runs', () => {
    expect(configuredTransports(loadConfig({}).delivery)).toEqual({});
    expect(Object.keys(configuredTransports(loadConfig({ SMTP_HOST: 'smtp.example.com' }).delivery))).toEqual([
      'email',
    ]);
  });
});
