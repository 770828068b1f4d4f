import type { DBSchema, IDBPDatabase } from 'idb';
import { isQueuedItem, isTrackedPrint, MAX_TRACKED_PRINTS, type QueuedItem, type TrackedPrint } from '../../lib/offlineQueue';

/** Where the queue lives between visits: it survives a reload, a closed tab, a phone restart. */
export interface OutboxStore {
  load(): Promise<{ items: QueuedItem[]; prints: TrackedPrint[] }>;
  putItem(item: QueuedItem): Promise<void>;
  deleteItem(id: string): Promise<void>;
  putPrint(print: TrackedPrint): Promise<void>;
  /** Everything, queued and followed ('Apagar minhas fotos'). */
  clear(): Promise<void>;
}

interface OutboxDb extends DBSchema {
  items: { key: string; value: QueuedItem };
  prints: { key: string; value: TrackedPrint };
}

const DB_NAME = 'cabine-outbox';

/**
 * The browser's IndexedDB, through `idb`, loaded and opened on first use: the landing page's
 * scripts carry none of it.
 */
function indexedDbOutboxStore(name = DB_NAME): OutboxStore {
  let opening: Promise<IDBPDatabase<OutboxDb>> | null = null;
  const open = async () => {
    const { openDB } = await import(/* webpackChunkName: "idb" */ 'idb');
    return openDB<OutboxDb>(name, 1, {
      upgrade(database) {
        database.createObjectStore('items', { keyPath: 'id' });
        database.createObjectStore('prints', { keyPath: 'requestId' });
      },
    });
  };
  const db = () => (opening ??= open());
  return {
    async load() {
      const database = await db();
      const [items, prints] = await Promise.all([database.getAll('items'), database.getAll('prints')]);
      const kept = prints.filter(isTrackedPrint).sort((a, b) => a.sentAt - b.sentAt);
      // The oldest followed prints give way, here rather than on every write.
      const old = kept.slice(0, Math.max(0, kept.length - MAX_TRACKED_PRINTS));
      await Promise.all(old.map((p) => database.delete('prints', p.requestId)));
      return { items: items.filter(isQueuedItem), prints: kept.slice(old.length) };
    },
    async putItem(item) {
      await (await db()).put('items', item);
    },
    async deleteItem(id) {
      await (await db()).delete('items', id);
    },
    async putPrint(print) {
      await (await db()).put('prints', print);
    },
    async clear() {
      const database = await db();
      await Promise.all([database.clear('items'), database.clear('prints')]);
    },
  };
}

/** Kept in memory only: where IndexedDB is missing (private modes of old browsers, the tests' jsdom). */
export function memoryOutboxStore(
  initial: { items?: QueuedItem[]; prints?: TrackedPrint[] } = {},
): OutboxStore & { items: Map<string, QueuedItem>; prints: Map<string, TrackedPrint> } {
  const items = new Map((initial.items ?? []).map((i) => [i.id, i]));
  const prints = new Map((initial.prints ?? []).map((p) => [p.requestId, p]));
  return {
    items,
    prints,
    load: async () => ({ items: [...items.values()], prints: [...prints.values()] }),
    putItem: async (item) => void items.set(item.id, item),
    deleteItem: async (id) => void items.delete(id),
    putPrint: async (print) => void prints.set(print.requestId, print),
    clear: async () => {
      items.clear();
      prints.clear();
    },
  };
}

/** IndexedDB where the browser has it. */
export function defaultOutboxStore(): OutboxStore {
  return typeof indexedDB === 'undefined' ? memoryOutboxStore() : indexedDbOutboxStore();
}
