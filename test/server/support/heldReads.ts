import { diskObjectStore } from '../../../server/src/platform/storage/diskObjectStore';
import type { ObjectStore } from '../../../server/src/platform/storage/objectStore';

/** A store of the data folder that counts every read of an original and holds it until `release` is called. */
export function holdReads(dataDir: string): { reads: string[]; release: () => void; objects: ObjectStore } {
  const reads: string[] = [];
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const disk = diskObjectStore(dataDir);
  const objects: ObjectStore = {
    ...disk,
    async get(key, range) {
      if (key.startsWith('media/')) {
        reads.push(key);
        await held;
      }
      return disk.get(key, range);
    },
  };
  return { reads, release: () => release(), objects };
}
