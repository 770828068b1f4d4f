/**
 * bench:crash's writing clients and the stack they write to: the seed (an event, a camera, a pack, a coupon) and the
 * load of leads, device uploads, prints and orders sent until the server is killed.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { WRITE_KINDS, type AckedWrite, type WriteKind } from './benchReport';
import { DEVICE_PATHS } from '../../contract/devicePaths';

export const EVENT = 'crash';
export const PACK = 'CRASHPACK';
export const PACK_COPIES = 1_000_000;
export const COUPON = 'CRASH10';
export const CAMERA = { id: 'cam1', key: 'crash-camera-key-0001' };
export const PRINTED = `/media/${EVENT}/pad/foto.jpg`;

/** Photos of noise (they do not compress), so that an upload takes a while to write and a kill can land inside it. */
export async function photos(count: number): Promise<Buffer[]> {
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      sharp(crypto.randomBytes(1024 * 768 * 3), { raw: { width: 1024, height: 768, channels: 3 } })
        .jpeg({ quality: 90 - i })
        .toBuffer(),
    ),
  );
}

export async function writeSeed(dir: string, photo: Buffer): Promise<string> {
  fs.writeFileSync(path.join(dir, 'foto.jpg'), photo);
  const seed = {
    events: [{ name: EVENT, title: 'Festa do Crash', publicId: 'crash-2026', devices: ['pad'] }],
    devices: [{ id: CAMERA.id, kind: 'booth', event: EVENT, mode: 'pad', key: CAMERA.key }],
    media: [{ event: EVENT, mode: 'pad', file: 'foto.jpg', source: 'foto.jpg' }],
    packs: [{ hash: PACK, event: EVENT, copies: PACK_COPIES }],
    products: [{ id: 'album', name: 'Álbum', type: 'product', price: 80, maxQty: 1000 }],
    coupons: [{ code: COUPON, discount: 0.1 }],
  };
  const file = path.join(dir, 'seed.json');
  fs.writeFileSync(file, JSON.stringify(seed));
  return file;
}

export interface LoadResult {
  acked: AckedWrite[];
  /** Replies that were not 2xx, by status: none is expected. */
  refused: Map<number, number>;
}

/** The clients: each sends one write after another, every kind in turn, until the server is gone. */
export async function runLoad(
  base: string,
  cycle: number,
  uploads: Buffer[],
  killed: () => boolean,
  clients: number,
): Promise<LoadResult> {
  const acked: AckedWrite[] = [];
  const refused = new Map<number, number>();
  let sequence = 0;
  const unique = () => `c${cycle}n${(sequence += 1)}`;

  const send = async (kind: WriteKind, client: number): Promise<void> => {
    const id = unique();
    if (kind === 'lead') {
      const clientId = `crash-${id}-lead`;
      const response = await fetch(`${base}/api/landingForm`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ nome: `Cliente ${id}`, evento: 'Casamento', telefone: '11 99999-0000', clientId }),
      });
      await response.arrayBuffer();
      if (response.ok) acked.push({ kind, key: clientId, cycle });
      else refused.set(response.status, (refused.get(response.status) ?? 0) + 1);
    } else if (kind === 'upload') {
      const body = uploads[(sequence + client) % uploads.length];
      const file = `${id}.jpg`;
      const response = await fetch(`${base}${DEVICE_PATHS.media}?file=${file}`, {
        method: 'POST',
        headers: { 'x-device-id': CAMERA.id, 'x-device-key': CAMERA.key, 'Content-Type': 'image/jpeg' },
        body: new Uint8Array(body),
      });
      const reply = (await response.json().catch(() => null)) as { url?: string } | null;
      if (response.ok && reply?.url) acked.push({ kind, key: reply.url, cycle, expected: body.length });
      else refused.set(response.status, (refused.get(response.status) ?? 0) + 1);
    } else if (kind === 'print') {
      const request = `crash-${id}-print-0000`;
      const response = await fetch(`${base}/api/print/${PACK}/${encodeURIComponent(PRINTED)}?request=${request}`);
      const reply = (await response.json().catch(() => null)) as { copies?: number } | null;
      if (response.ok && typeof reply?.copies === 'number')
        acked.push({ kind, key: request, cycle, expected: reply.copies });
      else refused.set(response.status, (refused.get(response.status) ?? 0) + 1);
    } else {
      // 9 digits, never starting with 0: unique across the cycles of one run.
      const orderId = String(100_000_000 + cycle * 1_000_000 + sequence);
      const pix = sequence % 2 === 0;
      const response = await fetch(`${base}/api/order/${COUPON}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          products: [{ id: 'album', quantity: 1 + (sequence % 3) }],
          clientName: `Cliente ${id}`,
          eventName: 'Festa',
          eventDate: '2030-05-20',
          eventTime: '19:30',
          paymentMethod: pix ? 'pix' : 'card',
          email: `cliente-${id}@example.com`,
          cpf: '12345678909',
          orderId,
          claim: `crash-claim-${orderId}-secret`,
        }),
      });
      const reply = (await response.json().catch(() => null)) as { orderId?: string; pixCode?: string } | null;
      if (response.ok && reply?.orderId === orderId)
        acked.push({ kind, key: orderId, cycle, expected: pix ? reply.pixCode : undefined });
      else refused.set(response.status, (refused.get(response.status) ?? 0) + 1);
    }
  };

  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let turn = client; !killed(); turn += 1) {
        try {
          await send(WRITE_KINDS[turn % WRITE_KINDS.length], client);
        } catch (error) {
          // The kill cuts the requests in flight: those were never acknowledged.
          if (killed()) return;
          throw error;
        }
      }
    }),
  );
  return { acked, refused };
}
