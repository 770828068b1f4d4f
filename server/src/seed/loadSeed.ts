import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '../db/database';
import { hashDeviceKey } from '../domain/booths';
import { eventVisibility } from '../domain/events';
import { findBySourceName, findMedia, insertMedia, refreshEventImages } from '../domain/media';
import { noteSeedRun } from '../domain/seedRuns';
import { loadCatalogue, priceOrder } from '../domain/shop';
import { storageName, type MediaStorage } from '../storage/mediaStorage';
import { mediaUrl } from '../../../contract/mediaPath';
import { validateSeed, type SeedFile } from './seedFormat';
import type { MediaMode } from '../../../contract/modes';
import { normaliseLists } from '../domain/accounts';

export interface SeedSummary {
  events: number;
  media: number;
  packs: number;
  devices: number;
  products: number;
  coupons: number;
  contracts: number;
  accounts: number;
  orders: number;
}

/** Reads, checks and loads a seed file (paths of its media are relative to the file), and notes that it finished. */
export async function loadSeedFile(db: Database, storage: MediaStorage, file: string): Promise<SeedSummary> {
  const text = fs.readFileSync(file);
  const seed = validateSeed(JSON.parse(text.toString('utf8')));
  const summary = await loadSeed(db, storage, seed, path.dirname(path.resolve(file)));
  await noteSeedRun(db, seedFingerprint(text), path.basename(file));
  return summary;
}

async function isEventImage(db: Database, bname: string, url: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM events WHERE name = $1 AND $2 IN (cover, profile)', [bname, url]);
  return (rowCount ?? 0) > 0;
}

export function seedFingerprint(content: Buffer): string {
  return crypto.createHash('sha256').update(content).digest('hex');
}

/** Loads a seed. Idempotent: existing rows are kept (packs keep their spent copies). */
export async function loadSeed(db: Database, storage: MediaStorage, seed: SeedFile, baseDir: string): Promise<SeedSummary> {
  const summary: SeedSummary = { events: 0, media: 0, packs: 0, devices: 0, products: 0, coupons: 0, contracts: 0, accounts: 0, orders: 0 };

  await db.transaction(async (client) => {
    for (const partner of seed.partners ?? []) {
      await client.query('INSERT INTO partners (name) VALUES ($1) ON CONFLICT DO NOTHING', [partner.name]);
    }
    for (const event of seed.events ?? []) {
      const result = await client.query(
        `INSERT INTO events (name, public_id, visibility, profile, cover, devices, title) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (name) DO UPDATE SET visibility = $3, profile = $4, cover = $5, devices = $6, title = $7`,
        [
          event.name,
          event.publicId ?? crypto.randomBytes(9).toString('base64url'),
          event.visibility ?? (event.visible === false ? 'private' : 'public'),
          event.profile ?? '',
          event.cover ?? '',
          event.devices ?? [],
          event.title ?? '',
        ],
      );
      summary.events += result.rowCount ?? 0;
    }
    for (const device of seed.devices ?? []) {
      await client.query(
        `INSERT INTO devices (id, kind, event_name, mode, key_hash) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (id) DO UPDATE SET kind = $2, event_name = $3, mode = $4, key_hash = $5`,
        [device.id, device.kind, device.event ?? null, device.mode ?? null, hashDeviceKey(device.key)],
      );
      summary.devices += 1;
    }
    for (const pack of seed.packs ?? []) {
      const result = await client.query('INSERT INTO packs (hash, event_name, copies) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
        pack.hash,
        pack.event ?? null,
        pack.copies,
      ]);
      summary.packs += result.rowCount ?? 0;
    }
    for (const [position, product] of (seed.products ?? []).entries()) {
      const details = Object.fromEntries(
        (['descTitle1', 'descTitle2', 'descTitle3', 'descText1', 'descText2', 'descText3', 'descPic1', 'descPic2', 'descPic3'] as const).map((k) => [
          k,
          product[k] ?? '',
        ]),
      );
      await client.query(
        `INSERT INTO products (id, name, type, mode, image, price, price_per_hour, min_hours, max_hours, max_qty, details, disclaimer, position)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
         ON CONFLICT (id) DO UPDATE SET name = $2, type = $3, mode = $4, image = $5, price = $6, price_per_hour = $7,
           min_hours = $8, max_hours = $9, max_qty = $10, details = $11, disclaimer = $12, position = $13, active = true`,
        [
          product.id,
          product.name,
          product.type ?? 'product',
          product.mode ?? null,
          product.image ?? '',
          product.price,
          product.pricePerHour ?? 0,
          product.minHours ?? 0,
          Math.max(product.maxHours ?? 0, product.minHours ?? 0),
          product.maxQty ?? 1,
          JSON.stringify(details),
          product.disclaimer ?? '',
          position,
        ],
      );
      for (const [index, accessory] of (product.accessories ?? []).entries()) {
        await client.query(
          `INSERT INTO accessories (id, product_id, name, image, price, position) VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (product_id, id) DO UPDATE SET name = $3, image = $4, price = $5, position = $6`,
          [accessory.id, product.id, accessory.name, accessory.image ?? '', accessory.price, index],
        );
      }
      summary.products += 1;
    }
    for (const contract of seed.contracts ?? []) {
      await client.query('INSERT INTO partners (name) VALUES ($1) ON CONFLICT DO NOTHING', [contract.partner]);
      const result = await client.query(
        `INSERT INTO contracts (partner, title, description, rate, discount, kit, n_coupons, expires_at, next_coupon)
         VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(days => $8), $9)
         ON CONFLICT (partner, title) DO NOTHING`,
        [contract.partner, contract.title, contract.description ?? '', contract.rate, contract.discount, contract.kit ?? '', contract.nCoupons, contract.durationDays, contract.nextCoupon],
      );
      summary.contracts += result.rowCount ?? 0;
    }
    for (const coupon of seed.coupons ?? []) {
      const [partner, title] = coupon.contract?.split('/') ?? [];
      const contract = partner
        ? await client.query<{ id: number }>('SELECT id FROM contracts WHERE partner = $1 AND title = $2', [partner, title])
        : null;
      const result = await client.query(
        `INSERT INTO coupons (code, contract_id, discount, expires_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
        [coupon.code, contract?.rows[0]?.id ?? null, coupon.discount, coupon.expiresAt ?? null],
      );
      summary.coupons += result.rowCount ?? 0;
    }
    for (const account of seed.accounts ?? []) {
      const result = await client.query(
        `INSERT INTO accounts (uid, email, display_name, phone, instagram, tiktok, partner) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (uid) DO NOTHING`,
        [account.uid, account.email.toLowerCase(), account.displayName ?? '', account.phone ?? '', account.instagram ?? '', account.tiktok ?? '', account.partner ?? ''],
      );
      summary.accounts += result.rowCount ?? 0;
      const lists = normaliseLists({ collection: account.collection ?? [], packs: account.packs ?? [], events: account.events ?? [] });
      for (const [list, values] of Object.entries(lists)) {
        for (const value of values) {
          await client.query('INSERT INTO account_items (uid, list, value) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [account.uid, list, value]);
        }
      }
    }
    for (const email of seed.team ?? []) {
      await client.query('INSERT INTO team_members (email) VALUES ($1) ON CONFLICT DO NOTHING', [email.trim().toLowerCase()]);
    }
    for (const [position, mode] of (seed.mirror?.modes ?? []).entries()) {
      await client.query(
        `INSERT INTO mirror_modes (title, description, icon, background, position) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (title) DO UPDATE SET description = $2, icon = $3, background = $4, position = $5`,
        [mode.title, mode.description ?? '', mode.icon ?? '', mode.background ?? '', position],
      );
      for (const [index, prompt] of (mode.prompts ?? []).entries()) {
        await client.query(
          `INSERT INTO mirror_prompts (mode, title, icon, background, position) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (mode, title) DO UPDATE SET icon = $3, background = $4, position = $5`,
          [mode.title, prompt.title, prompt.icon ?? '', prompt.background ?? '', index],
        );
      }
    }
  });

  // Media outside the transaction: each file is written durably, then indexed. A link-only or
  // private event's booth media get random names, as a booth's uploads do; its cover and profile
  // keep theirs (the seed names them by URL) and stay behind the login gate.
  for (const item of seed.media ?? []) {
    const mode = item.mode as MediaMode;
    const visibility = await eventVisibility(db, item.event);
    const ownImage = await isEventImage(db, item.event, mediaUrl({ bname: item.event, mode, file: item.file }));
    const keepName = visibility === 'public' || ownImage;
    const existing = keepName ? null : await findBySourceName(db, item.event, mode, item.file);
    const name = storageName(item.file, keepName, existing?.file ?? null);
    const ref = { bname: item.event, mode, file: name.file };
    const exists = (await findMedia(db, ref)) && fs.existsSync(path.join(storage.mediaDir, ref.bname, ref.mode, ref.file));
    if (exists) continue;
    const source = path.resolve(baseDir, item.source);
    if (!source.startsWith(path.resolve(baseDir) + path.sep)) throw new Error(`media source outside the seed folder: ${item.source}`);
    const stored = await storage.save(ref, fs.readFileSync(source));
    await insertMedia(db, { ...ref, ...stored, deviceId: item.device ?? null, unguessable: name.unguessable, sourceName: name.sourceName });
    summary.media += 1;
  }
  // A seed loaded again may give an event another cover or profile: the files follow.
  await refreshEventImages(db, (seed.events ?? []).map((event) => event.name));

  // Orders last: they are priced from the catalogue loaded above.
  const catalogue = await loadCatalogue(db);
  for (const order of seed.orders ?? []) {
    const exists = await db.query('SELECT 1 FROM orders WHERE order_id = $1', [order.orderId]);
    if (exists.rowCount) continue;
    const coupon = await db.query<{ discount: number }>('SELECT discount FROM coupons WHERE code = $1', [order.coupon]);
    if (!coupon.rows[0]) throw new Error(`order ${order.orderId}: unknown coupon ${order.coupon}`);
    const priced = priceOrder(
      catalogue,
      order.products.map((p) => {
        const product = catalogue.find((c) => c.id === p.id);
        return {
          id: p.id,
          name: product?.name ?? '',
          type: product?.type ?? '',
          hours: p.hours ?? product?.minHours ?? 0,
          quantity: p.quantity ?? 1,
          selectedAccessories: (p.accessories ?? []).map((name) => ({ name, price: 0 })),
          unitPrice: 0,
          totalPrice: 0,
        };
      }),
      coupon.rows[0].discount,
    );
    await db.query(
      `INSERT INTO orders (order_id, coupon, uid, client_name, email, cpf, event_name, event_date, event_time, payment_method,
                           lines, total, discount, discounted_total, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
      [
        order.orderId,
        order.coupon,
        order.uid ?? null,
        order.clientName,
        order.email.toLowerCase(),
        order.cpf,
        order.eventName,
        order.eventDate,
        order.eventTime,
        order.paymentMethod,
        JSON.stringify(priced.lines),
        priced.total,
        priced.discount,
        priced.discountedTotal,
        order.status,
      ],
    );
    summary.orders += 1;
  }
  return summary;
}
