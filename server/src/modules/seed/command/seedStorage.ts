import type { ServerConfig } from '../../../platform/config';
import type { Queryable } from '../../../platform/db/database';
import { configuredMediaStorage, countEventMedia, type MediaStorage } from '../../media';
import { isSilenceTimeout } from '../../../platform/storage/s3ObjectStore';

/**
 * A request of a seed that the bucket leaves silent this long fails the command (after the SDK's
 * own retries), instead of the command waiting for ever: bytes of a large video still flowing
 * never count as silence.
 */
export const SEED_BUCKET_SILENCE_MS = 20_000;

/** The first question to the media storage, before anything is written, is answered within this. */
const STORAGE_CHECK_MS = 10_000;

type SeedConfig = Pick<ServerConfig, 'dataDir' | 'mediaStore' | 'maxEventMediaFiles'>;

/**
 * The media storage a seed command writes through: the servers' (MEDIA_STORE), its requests to a
 * bucket bounded in silence, an event's files counted by their rows as the servers count them
 * (listing a bucket's keys for every file of a seed asked the bucket for all of them each time).
 */
export function seedMediaStorage(config: SeedConfig, db: Queryable): MediaStorage {
  const mediaStore =
    config.mediaStore.kind === 's3'
      ? { ...config.mediaStore, silenceTimeoutMs: SEED_BUCKET_SILENCE_MS }
      : config.mediaStore;
  return configuredMediaStorage(
    { dataDir: config.dataDir, mediaStore },
    { maxEventFiles: config.maxEventMediaFiles, countEventFiles: (eventName) => countEventMedia(db, eventName) },
  );
}

/** Where a seed's media go, as the operator reads it. */
export function storagePlace(config: Pick<ServerConfig, 'dataDir' | 'mediaStore'>): string {
  const store = config.mediaStore;
  if (store.kind === 'disk') return `a pasta de mídia ${config.dataDir}`;
  return `o bucket "${store.bucket}" (${store.endpoint ?? `AWS, ${store.region}`})`;
}

/** The media storage did not answer a seed command, told in the operator's words. */
export class SeedStorageFailure extends Error {}

/**
 * Resolves once the media storage answers, asked before the seed writes anything: a bucket that
 * does not answer (or refuses) ends the command with nothing loaded, saying where it looked.
 */
export async function checkSeedStorage(
  storage: Pick<MediaStorage, 'reachable'>,
  config: Pick<ServerConfig, 'dataDir' | 'mediaStore'>,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const silent = new Promise<'silent'>((resolve) => {
    timer = setTimeout(() => resolve('silent'), STORAGE_CHECK_MS);
  });
  const outcome = await Promise.race([
    storage.reachable().then(
      () => 'answered' as const,
      (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
    ),
    silent,
  ]);
  clearTimeout(timer);
  if (outcome === 'answered') return;
  const why =
    outcome === 'silent' ? `não respondeu em ${STORAGE_CHECK_MS / 1000} s` : `não pôde ser usado (${outcome.message})`;
  const settings = config.mediaStore.kind === 's3' ? 'MEDIA_STORE e as variáveis S3_*' : 'MEDIA_STORE e DATA_DIR';
  throw new SeedStorageFailure(
    `${storagePlace(config)} ${why}. Nada foi carregado: confira ${settings} e rode de novo.`,
  );
}

/** The operator's line for a request the bucket left silent past SEED_BUCKET_SILENCE_MS; null for any other error. */
export function silentStorageMessage(
  error: unknown,
  config: Pick<ServerConfig, 'dataDir' | 'mediaStore'>,
): string | null {
  if (!isSilenceTimeout(error)) return null;
  return `${storagePlace(config)} ficou ${SEED_BUCKET_SILENCE_MS / 1000} s sem responder: o seed parou no meio.`;
}
