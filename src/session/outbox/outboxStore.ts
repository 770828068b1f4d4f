import type { DBSchema, IDBPDatabase } from 'idb';
import {
  isQueuedItem,
  isTrackedPrint,
  MAX_TRACKED_PRINTS,
  type QueuedItem,
  type TrackedPrint,
} from '../../lib/offlineQueue';

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
const STORES = ['items', 'prints'] as const;

/**
 * Whether the outbox's database holds anything, asked of IndexedDB itself in a few lines: a first
 * visit (no database yet) or an emptied outbox answers without loading `idb`, which every visit
 * would otherwise download to find nothing. The database is never created here: the upgrade a
 * first open would run is aborted. When in doubt (an error) the answer is yes: `idb` then reads
 * it, and says what went wrong.
 */
function outboxHasEntries(factory: IDBFactory, name: string): Promise<boolean> {
  return new Promise((resolve) => {
    const request = factory.open(name);
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => resolve(request.error?.name !== 'AbortError');
    request.onsuccess = () => {
      const database = request.result;
      const stores = STORES.filter((store) => database.objectStoreNames.contains(store));
      if (stores.length === 0) {
        database.close();
        resolve(false);
        return;
      }
      const transaction = database.transaction(stores, 'readonly');
      const counts = stores.map((store) => transaction.objectStore(store).count());
      transaction.oncomplete = () => {
        database.close();
        resolve(counts.some((count) => count.result > 0));
      };
      transaction.onabort = () => {
        database.close();
        resolve(true);
      };
    };
  });
}

const loadIdb = () => import(/* webpackChunkName: "idb" */ 'idb');

/**
 * Loads the outbox's storage library ahead, while online: the screens where a guest queues
 * things at a venue (a collect, a print) call it, so that a write made once the Wi-Fi drops needs
 * no download (a first visit may have no service worker serving the app's code offline yet).
 */
export function warmOutboxStorage(): void {
  if (typeof indexedDB !== 'undefined') void loadIdb().catch(() => undefined);
}

/**
 * The browser's IndexedDB, through `idb`, loaded and opened on first use: the landing page's
 * scripts carry none of it, and a visit whose outbox is empty never loads it.
 */
function indexedDbOutboxStore(name = DB_NAME): OutboxStore {
  let opening: Promise<IDBPDatabase<OutboxDb>> | null = null;
  const open = async () => {
    const { openDB } = await loadIdb();
    return openDB<OutboxDb>(name, 1, {
      upgrade(database) {
        database.createObjectStore('items', { keyPath: 'id' });
        database.createObjectStore('prints', { keyPath: 'requestId' });
      },
    });
  };
  // A library that could not load (offline, no service worker yet) is asked for again next time.
  const db = () =>
    (opening ??= open().catch((error: unknown) => {
      opening = null;
      throw error;
    }));
  return {
    async load() {
      if (opening === null && !(await outboxHasEntries(indexedDB, name))) return { items: [], prints: [] };
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
