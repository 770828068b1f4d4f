import crypto from 'node:crypto';
import type { Database, Queryable } from '../../platform/db/database';
import type { SeedFile } from './seedFormat';
import { normaliseLists } from '../identity';
import { deviceKeyHash, NO_KEY } from '../booths';

/** How a seed's devices get their keys: hashed with the pepper; a readable key never in production. */
export interface SeedDeviceKeys {
  pepper: Buffer;
  production: boolean;
}

/**
 * The rows a seed wrote, by kind; packs, coupons, contracts and accounts already there are kept as they are, and not
 * counted.
 */
export interface SeedRowCounts {
  events: number;
  packs: number;
  devices: number;
  products: number;
  coupons: number;
  contracts: number;
  accounts: number;
}

/**
 * Writes a seed's rows, all but its media and its orders (modules/seed/command/loadSeed.ts), in one transaction.
 * Idempotent: existing rows are kept, or brought to what the seed says of them (events, devices,
 * products and accessories, mirror modes and prompts); packs keep their spent copies.
 */
export async function writeSeedRows(db: Database, seed: SeedFile, keys: SeedDeviceKeys): Promise<SeedRowCounts> {
  if (keys.production && (seed.devices ?? []).some((device) => device.key !== undefined)) {
    throw new Error(
      'Em produção as chaves dos dispositivos são geradas pelo servidor: tire "key" dos dispositivos da ' +
        'semente e gere cada chave na conta da equipe (Dispositivos).',
    );
  }
  const counts: SeedRowCounts = { events: 0, packs: 0, devices: 0, products: 0, coupons: 0, contracts: 0, accounts: 0 };

  await db.transaction(async (client) => {
    for (const partner of seed.partners ?? []) {
      await client.query('INSERT INTO partners (name) VALUES ($1) ON CONFLICT DO NOTHING', [partner.name]);
    }
    for (const event of seed.events ?? []) {
      const result = await client.query(
        `INSERT INTO events (name, public_id, visibility, profile, cover, devices, title) VALUES ($1, $2, $3, $4, $5,
          $6, $7)
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
      counts.events += result.rowCount ?? 0;
    }
    for (const device of seed.devices ?? []) {
      await client.query(
        // A device the seed gives no key keeps the one the team made (a new one has none until then).
        `INSERT INTO devices (id, kind, event_name, mode, key_hash) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (id) DO UPDATE SET kind = $2, event_name = $3, mode = $4, key_hash = CASE WHEN $5 = '' THEN
           devices.key_hash ELSE $5 END`,
        [
          device.id,
          device.kind,
          device.event ?? null,
          device.mode ?? null,
          device.key === undefined ? NO_KEY : deviceKeyHash(keys.pepper, device.key),
        ],
      );
      counts.devices += 1;
    }
    for (const pack of seed.packs ?? []) {
      const result = await client.query(
        'INSERT INTO packs (hash, event_name, copies) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
        [pack.hash, pack.event ?? null, pack.copies],
      );
      counts.packs += result.rowCount ?? 0;
    }
    for (const [position, product] of (seed.products ?? []).entries()) {
      const details = Object.fromEntries(
        (
          [
            'descTitle1',
            'descTitle2',
            'descTitle3',
            'descText1',
            'descText2',
            'descText3',
            'descPic1',
            'descPic2',
            'descPic3',
          ] as const
        ).map((k) => [k, product[k] ?? '']),
      );
      await client.query(
        `INSERT INTO products (id, name, type, mode, image, price, price_per_hour, min_hours, max_hours, max_qty,
          details, disclaimer, position)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
         ON CONFLICT (id) DO UPDATE SET name = $2, type = $3, mode = $4, image = $5, price = $6, price_per_hour = $7,
           min_hours = $8, max_hours = $9, max_qty = $10, details = $11, disclaimer = $12, position = $13,
           active = true`,
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
      counts.products += 1;
    }
    for (const contract of seed.contracts ?? []) {
      await client.query('INSERT INTO partners (name) VALUES ($1) ON CONFLICT DO NOTHING', [contract.partner]);
      const result = await client.query(
        `INSERT INTO contracts (partner, title, description, rate, discount, kit, n_coupons, expires_at, next_coupon)
         VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(days => $8), $9)
         ON CONFLICT (partner, title) DO NOTHING`,
        [
          contract.partner,
          contract.title,
          contract.description ?? '',
          contract.rate,
          contract.discount,
          contract.kit ?? '',
          contract.nCoupons,
          contract.durationDays,
          contract.nextCoupon,
        ],
      );
      counts.contracts += result.rowCount ?? 0;
    }
    for (const coupon of seed.coupons ?? []) {
      const [partner, title] = coupon.contract?.split('/') ?? [];
      const contract = partner
        ? await client.query<{ id: number }>('SELECT id FROM contracts WHERE partner = $1 AND title = $2', [
            partner,
            title,
          ])
        : null;
      const result = await client.query(
        `INSERT INTO coupons (code, contract_id, discount, expires_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
        [coupon.code, contract?.rows[0]?.id ?? null, coupon.discount, coupon.expiresAt ?? null],
      );
      counts.coupons += result.rowCount ?? 0;
    }
    for (const account of seed.accounts ?? []) {
      const result = await client.query(
        `INSERT INTO accounts (uid, email, display_name, phone, instagram, tiktok, partner) VALUES ($1, $2, $3, $4, $5,
          $6, $7)
         ON CONFLICT (uid) DO NOTHING`,
        [
          account.uid,
          account.email.toLowerCase(),
          account.displayName ?? '',
          account.phone ?? '',
          account.instagram ?? '',
          account.tiktok ?? '',
          account.partner ?? '',
        ],
      );
      counts.accounts += result.rowCount ?? 0;
      const lists = normaliseLists({
        collection: account.collection ?? [],
        packs: account.packs ?? [],
        events: account.events ?? [],
      });
      for (const [list, values] of Object.entries(lists)) {
        for (const value of values) {
          await client.query(
            'INSERT INTO account_items (uid, list, value) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
            [account.uid, list, value],
          );
        }
      }
    }
    for (const email of seed.team ?? []) {
      await client.query('INSERT INTO team_members (email) VALUES ($1) ON CONFLICT DO NOTHING', [
        email.trim().toLowerCase(),
      ]);
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
  return counts;
}

/** Notes that the seed file of this fingerprint was loaded to the end. */
export async function recordSeedRun(db: Queryable, fingerprint: string, file: string): Promise<void> {
  await db.query('INSERT INTO seed_runs (fingerprint, file) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
    fingerprint,
    file,
  ]);
}

/**
 * Whether any seed has finished loading into this database: `npm start` loads the demo seed only
 * into a database no seed has finished loading into, so a load cut short resumes.
 */
export async function anySeedLoaded(db: Queryable): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM seed_runs LIMIT 1');
  return (rowCount ?? 0) > 0;
}
