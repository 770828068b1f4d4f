import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { loadSeed, seedDeviceKeys } from '../../../server/src/modules/seed/command/loadSeed';
import type { SeedFile } from '../../../server/src/modules/seed/seedFormat';
import { configuredMediaStorage } from '../../../server/src/modules/media/storage/mediaStorage';
import type { TestServer } from './testServer';

export async function jpeg(width = 64, height = 48, colour = '#6d28d9'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

export async function gif(): Promise<Buffer> {
  return sharp({ create: { width: 32, height: 32, channels: 3, background: '#f59e0b' } })
    .gif()
    .toBuffer();
}

/** The smallest header an MP4 file starts with: enough for the upload check. */
export function mp4(): Buffer {
  const box = Buffer.alloc(32);
  box.writeUInt32BE(32, 0);
  box.write('ftypisom', 4, 'latin1');
  return box;
}

export const DEVICE_KEYS = {
  camera: 'key-camera-0001',
  printer: 'key-printer-0001',
  mirror: 'key-mirror-0001',
  ultra: 'key-ultra-0001',
};

/** A small world: a public and a private event with media, packs, devices, a shop and a partner. */
export function basicSeed(): SeedFile {
  return {
    events: [
      {
        name: 'festa_ana',
        title: 'Festa da Ana',
        publicId: 'festa-ana-1',
        devices: ['pad', 'polaroid', '360', 'nulo'],
      },
      { name: 'privada', publicId: 'privada-1', visible: false, devices: ['pad'] },
      { name: 'outra', publicId: 'outra-1', devices: ['pad'] },
    ],
    devices: [
      { id: 'cam1', kind: 'booth', event: 'festa_ana', mode: 'pad', key: DEVICE_KEYS.camera },
      { id: 'printer1', kind: 'printer', event: 'festa_ana', key: DEVICE_KEYS.printer },
      { id: 'mirror1', kind: 'mirror', event: 'festa_ana', mode: 'feed', key: DEVICE_KEYS.mirror },
      { id: 'ultra1', kind: 'ultra', event: 'festa_ana', mode: '360', key: DEVICE_KEYS.ultra },
    ],
    media: [
      { event: 'festa_ana', mode: 'pad', file: 'a1.jpg', source: 'a1.jpg', device: 'cam1' },
      { event: 'festa_ana', mode: 'pad', file: 'a2.jpg', source: 'a2.jpg', device: 'cam1' },
      { event: 'festa_ana', mode: 'polaroid', file: 'p1.jpg', source: 'a1.jpg' },
      { event: 'festa_ana', mode: 'boomerang', file: 'b1.gif', source: 'b1.gif' },
      { event: 'festa_ana', mode: '360', file: 'v1.mp4', source: 'v1.mp4' },
      { event: 'privada', mode: 'pad', file: 'x1.jpg', source: 'a1.jpg' },
      { event: 'outra', mode: 'pad', file: 'o1.jpg', source: 'a1.jpg' },
    ],
    // The company's images: the shop's product, the mirror's mode icon.
    catalogue: [
      { file: 'produto-cabine.jpg', source: 'a1.jpg' },
      { file: 'espelho-anime.png', source: 'a1.jpg' },
    ],
    packs: [
      { hash: 'PACK5', event: 'festa_ana', copies: 5 },
      { hash: 'PACK0', event: 'festa_ana', copies: 0 },
      { hash: 'PACKANY', copies: 3 },
    ],
    products: [
      {
        id: 'cabine360',
        name: 'Cabine 360',
        type: 'service',
        mode: '360',
        image: '/catalogo/produto-cabine.jpg',
        price: 1000,
        pricePerHour: 200,
        minHours: 2,
        maxHours: 5,
        maxQty: 2,
        accessories: [{ id: 'neon', name: 'Neon', price: 150 }],
      },
      { id: 'album', name: 'Álbum', type: 'product', price: 80, maxQty: 10 },
    ],
    coupons: [
      { code: 'DEZ', discount: 0.1 },
      { code: 'VENCIDO', discount: 0.5, expiresAt: '2020-01-01T00:00:00Z' },
    ],
    partners: [{ name: 'parceiro1' }, { name: 'parceiro2' }],
    contracts: [
      {
        partner: 'parceiro1',
        title: 'Contrato 1',
        rate: 10,
        discount: 0.05,
        kit: 'kit',
        nCoupons: 2,
        durationDays: 30,
        nextCoupon: 'P1-NEXT',
      },
    ],
    mirror: {
      modes: [
        {
          title: 'Anime',
          description: 'd',
          icon: '/catalogo/espelho-anime.png',
          prompts: [{ title: 'Samurai' }, { title: 'Ninja' }],
        },
      ],
    },
  };
}

/** Writes the seed's source files to a folder and loads it. */
export async function loadBasicSeed(server: TestServer, seed: SeedFile = basicSeed()): Promise<SeedFile> {
  const dir = path.join(server.dataDir, 'seed');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'a1.jpg'), await jpeg());
  fs.writeFileSync(path.join(dir, 'a2.jpg'), await jpeg(48, 64, '#f59e0b'));
  fs.writeFileSync(path.join(dir, 'b1.gif'), await gif());
  fs.writeFileSync(path.join(dir, 'v1.mp4'), mp4());
  await loadSeed(server.db, configuredMediaStorage(server.config), seed, dir, await seedDeviceKeys(server.config));
  return seed;
}

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG whose header claims width x height, with one tiny compressed row and no real pixels. */
export function claimedPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(0, 9); // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(1 + Math.min(width, 64)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A random-name file of `event` (what a collect link names), as a `/media/...` URL. */
export async function collectLinkOf(server: TestServer, event: string): Promise<string> {
  const { rows } = await server.db.query<{ mode: string; file: string }>(
    'SELECT mode, file FROM media WHERE event_name = $1 AND unguessable ORDER BY id LIMIT 1',
    [event],
  );
  if (!rows[0]) throw new Error(`${event} has no file under a random name`);
  return `/media/${event}/${rows[0].mode}/${rows[0].file}`;
}

/**
 * A visitor who was at `event` (docs/api.md#who-may-see-an-event): their agent opens one of its
 * collect links; signed in (`token`), their account then holds the grant too, as when the app
 * calls with both. Returns the collect link.
 */
export async function attend(server: TestServer, event: string, agent: string, token?: string): Promise<string> {
  const link = await collectLinkOf(server, event);
  const cookie = server.visitorCookie(agent);
  const opened = await server.call({ method: 'HEAD', url: link, headers: { cookie } });
  // A private event's file waits for a sign-in (401), a link-only one's opens (200): both grant.
  if (opened.statusCode !== 200 && opened.statusCode !== 401)
    throw new Error(`collect link ${link}: ${opened.statusCode}`);
  const holders = [`agent:${agent}`];
  if (token) {
    const cards = await server.call({
      method: 'GET',
      url: `/api/eventos/${event}/${agent}`,
      token,
      headers: { cookie },
    });
    if (cards.statusCode !== 200) throw new Error(`signing in at ${event}: ${cards.statusCode}`);
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { user_id: string };
    holders.push(`uid:${claims.user_id}`);
  }
  const { rows } = await server.db.query<{ holder: string }>(
    'SELECT holder FROM event_grants WHERE event_name = $1 AND holder = ANY($2::text[])',
    [event, holders],
  );
  if (rows.length !== holders.length)
    throw new Error(`${event} was not granted to ${holders.join(', ')}: ${rows.map((row) => row.holder).join(', ')}`);
  return link;
}
