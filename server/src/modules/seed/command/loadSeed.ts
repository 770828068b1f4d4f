import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '../../../platform/db/database';
import { eventVisibility, isEventImage } from '../../events';
import {
  findBySourceName,
  findMedia,
  insertMedia,
  mediaKey,
  type MediaStorage,
  refreshEventImages,
  storageName,
} from '../../media';
import { writeSeedOrders } from '../seedOrders';
import { recordSeedRun, writeSeedRows, type SeedDeviceKeys, type SeedRowCounts } from '../seedRows';
import { saveCatalogueFile } from '../../../platform/storage/catalogue';
import { loadDeviceKeyPepper } from '../../../platform/storage/serverSecret';
import { mediaUrl } from '../../../../../contract/mediaPath';
import { validateSeed, type SeedFile } from '../seedFormat';
import type { MediaMode } from '../../../../../contract/modes';

/** What a load wrote: the rows by kind, the media files, the company's images and the orders. */
export interface SeedSummary extends SeedRowCounts {
  media: number;
  catalogue: number;
  orders: number;
}

/** A file the seed names, inside the seed's own folder only. */
function seedSource(baseDir: string, source: string): string {
  const file = path.resolve(baseDir, source);
  if (!file.startsWith(path.resolve(baseDir) + path.sep))
    throw new Error(`seed source outside the seed folder: ${source}`);
  return file;
}

/** How this configuration's seeds key their devices: its pepper, and whether it is production. */
export async function seedDeviceKeys(config: {
  deviceKeyPepper: string | null;
  dataDir: string;
  production: boolean;
}): Promise<SeedDeviceKeys> {
  return { pepper: await loadDeviceKeyPepper(config), production: config.production };
}

/** Reads, checks and loads a seed file (paths of its media are relative to the file), and notes that it finished. */
export async function loadSeedFile(
  db: Database,
  storage: MediaStorage,
  file: string,
  keys: SeedDeviceKeys,
): Promise<SeedSummary> {
  const text = fs.readFileSync(file);
  const seed = validateSeed(JSON.parse(text.toString('utf8')));
  const summary = await loadSeed(db, storage, seed, path.dirname(path.resolve(file)), keys);
  await recordSeedRun(db, seedFingerprint(text), path.basename(file));
  return summary;
}

function seedFingerprint(content: Buffer): string {
  return crypto.createHash('sha256').update(content).digest('hex');
}

/** Loads a seed. Idempotent: existing rows are kept (packs keep their spent copies). */
export async function loadSeed(
  db: Database,
  storage: MediaStorage,
  seed: SeedFile,
  baseDir: string,
  keys: SeedDeviceKeys,
): Promise<SeedSummary> {
  const rows = await writeSeedRows(db, seed, keys);
  // Field by field: `npm run seed` prints the summary, in this order.
  const summary: SeedSummary = {
    events: rows.events,
    media: 0,
    packs: rows.packs,
    devices: rows.devices,
    products: rows.products,
    coupons: rows.coupons,
    contracts: rows.contracts,
    accounts: rows.accounts,
    catalogue: 0,
    orders: 0,
  };

  // The company's images: written (again) each load, so a seed that changes one takes effect.
  for (const image of seed.catalogue ?? []) {
    await saveCatalogueFile(storage.objects, image.file, fs.readFileSync(seedSource(baseDir, image.source)));
    summary.catalogue += 1;
  }

  // Media outside the transaction: each file is written durably, then indexed. A link-only or
  // private event's booth media get random names, as a booth's uploads do; its cover and profile
  // keep theirs (the seed names them by URL) and stay behind the login gate.
  for (const item of seed.media ?? []) {
    const mode = item.mode as MediaMode;
    const visibility = await eventVisibility(db, item.event);
    const ownImage = await isEventImage(db, item.event, mediaUrl({ eventName: item.event, mode, file: item.file }));
    const keepName = visibility === 'public' || ownImage;
    const existing = keepName ? null : await findBySourceName(db, item.event, mode, item.file);
    const name = storageName(item.file, keepName, existing?.file ?? null);
    const ref = { eventName: item.event, mode, file: name.file };
    const exists = (await findMedia(db, ref)) && (await storage.objects.head(mediaKey(ref))) !== null;
    if (exists) continue;
    const stored = await storage.save(ref, fs.readFileSync(seedSource(baseDir, item.source)));
    await insertMedia(db, {
      ...ref,
      ...stored,
      deviceId: item.device ?? null,
      unguessable: name.unguessable,
      sourceName: name.sourceName,
    });
    summary.media += 1;
  }
  // A seed loaded again may give an event another cover or profile: the files follow.
  await refreshEventImages(
    db,
    (seed.events ?? []).map((event) => event.name),
  );

  // Orders last: they are priced from the catalogue loaded above.
  summary.orders = await writeSeedOrders(db, seed.orders ?? []);
  return summary;
}
