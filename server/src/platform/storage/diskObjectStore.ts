import { createReadStream, constants as fsConstants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { writeFileDurably } from './durableWrite';
import {
  checkObjectKey,
  checkObjectPrefix,
  clipRange,
  InvalidObjectKeyError,
  RangeNotSatisfiableError,
  type ObjectStore,
  type PutOptions,
} from './objectStore';

/**
 * The objects as files under `root` (the data folder): a key is a path below it. Writes are
 * durable (a temporary file flushed, then renamed: platform/storage/durableWrite.ts), so a reader never
 * sees half a file and a killed process loses nothing acknowledged.
 */
export function diskObjectStore(root: string): ObjectStore {
  const fileOf = (key: string) => {
    checkObjectKey(key);
    return path.join(root, ...key.split('/'));
  };
  const missing = (error: unknown) =>
    (error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR';

  return {
    kind: 'disk',

    async put(key: string, body: Buffer | Readable, options: PutOptions = {}) {
      const file = fileOf(key);
      // A private object's folders, from its own up to its key's first segment, only the server opens.
      await writeFileDurably(
        file,
        body,
        options.private ? { private: { root: path.join(root, key.split('/')[0]) } } : {},
      );
    },

    async get(key, range) {
      const file = fileOf(key);
      const stat = await fs.stat(file).catch((error: unknown) => {
        if (missing(error)) return null;
        throw error;
      });
      if (!stat?.isFile()) return null;
      const clipped = clipRange(range, stat.size);
      if (!clipped) throw new RangeNotSatisfiableError(stat.size);
      // An empty object read whole: an empty stream (createReadStream's end is inclusive).
      const body =
        clipped.end < clipped.start
          ? Readable.from([])
          : createReadStream(file, { start: clipped.start, end: clipped.end });
      return { body, size: stat.size, lastModified: new Date(stat.mtimeMs), range: clipped };
    },

    async head(key) {
      const stat = await fs.stat(fileOf(key)).catch((error: unknown) => {
        if (missing(error)) return null;
        throw error;
      });
      return stat?.isFile() ? { size: stat.size, lastModified: new Date(stat.mtimeMs) } : null;
    },

    async remove(key) {
      await fs.rm(fileOf(key), { force: true });
    },

    async removeAll(prefix) {
      checkObjectPrefix(prefix);
      // Never the whole data folder: a prefix names a folder below it.
      if (prefix === '') throw new InvalidObjectKeyError(prefix);
      await fs.rm(path.join(root, ...prefix.split('/').filter(Boolean)), { recursive: true, force: true });
    },

    async *list(prefix) {
      checkObjectPrefix(prefix);
      const start = path.join(root, ...prefix.split('/').filter(Boolean));
      const walk = async function* (dir: string, keyPrefix: string): AsyncGenerator<string> {
        const entries = await fs.readdir(dir, { withFileTypes: true }).catch((error: unknown) => {
          if (missing(error)) return [];
          throw error;
        });
        for (const entry of entries) {
          // Temporary files of writes under way (and anything else hidden) are no objects.
          if (entry.name.startsWith('.')) continue;
          if (entry.isDirectory()) yield* walk(path.join(dir, entry.name), `${keyPrefix}${entry.name}/`);
          else if (entry.isFile()) yield `${keyPrefix}${entry.name}`;
        }
      };
      yield* walk(start, prefix);
    },

    async temporaryUrl() {
      return null;
    },

    async reachable() {
      await fs.mkdir(root, { recursive: true });
      await fs.access(root, fsConstants.R_OK | fsConstants.W_OK);
    },
  };
}
