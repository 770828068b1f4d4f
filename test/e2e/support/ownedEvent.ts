import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { baseUrl } from './browser';
import { stackQuery } from './stackQuery';
import { logIn } from './guest';
import { seedIn } from './seedBeside';

/**
 * An event of its own, seeded beside the demo for a journey (so festa_ana stays as it was): its owner's account, the
 * paid order that made it (as 'Criar meu Evento' makes it), one booth photo; and the owner's dashboard at a section
 * of that event's tools.
 */
export interface OwnedEvent {
  event: string;
  title: string;
  /** Its one photo's media path. */
  photo: string;
  owner: { uid: string; email: string; password: string; name: string };
  orderId: string;
}

/** Names for an event `{prefix}_{tag}`, its owner `{ownerPrefix}-{prefix}-{tag}@example.com` named `ownerName`. */
export function ownedEvent(prefix: string, title: string, ownerName: string, ownerPrefix: string): OwnedEvent {
  const tag = crypto.randomBytes(4).toString('hex');
  const event = `${prefix}_${tag}`;
  return {
    event,
    title,
    photo: `/media/${event}/pad/foto-1.jpg`,
    owner: {
      uid: `${ownerPrefix}-${tag}`,
      email: `${ownerPrefix}-${prefix}-${tag}@example.com`,
      password: 'segredo-123',
      name: ownerName,
    },
    orderId: `${100_000_000 + crypto.randomInt(800_000_000)}`,
  };
}

/** Seeds it on the journey's stack, its photo a plain `colour`. */
export async function seedOwnedEvent(owned: OwnedEvent, colour: string): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${owned.event}-`));
  try {
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: colour } })
      .jpeg()
      .toBuffer();
    fs.writeFileSync(path.join(dir, 'foto-1.jpg'), jpeg);
    const { owner } = owned;
    await seedIn(dir, {
      accounts: [{ uid: owner.uid, email: owner.email, password: owner.password, displayName: owner.name }],
      orders: [
        {
          orderId: owned.orderId,
          coupon: 'BEMVINDO10',
          uid: owner.uid,
          clientName: owner.name,
          email: owner.email,
          cpf: '52998224725',
          eventName: owned.title,
          eventDate: '2026-11-28',
          eventTime: '21:00',
          paymentMethod: 'card',
          status: 'approved',
          products: [{ id: 'totem-fotos' }],
        },
      ],
      events: [{ name: owned.event, title: owned.title, devices: ['pad'] }],
      media: [{ event: owned.event, mode: 'pad', file: 'foto-1.jpg', source: 'foto-1.jpg' }],
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  // The event is the owner's, made by their paid order.
  await stackQuery('UPDATE events SET owner_uid = $2, order_id = $3 WHERE name = $1', [
    owned.event,
    owned.owner.uid,
    owned.orderId,
  ]);
}

/** The owner's computer at the dashboard's section `section` of the event. */
export async function ownersSection(browser: Browser, owned: OwnedEvent, section: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'pt-BR' });
  const page = await context.newPage();
  await logIn(page, owned.owner.email, owned.owner.password);
  await page.waitForURL(`${baseUrl()}/account`);
  await page.goto(`${baseUrl()}/account?secao=evento`);
  const region = page.getByRole('region', { name: section });
  await region.waitFor();
  return { page, section: region, close: () => context.close() };
}
