import { randomString, URL_SAFE, type RandomBytes } from '../../contract/randomId';
import type { ContactLead } from '../../contract/wire';

/**
 * The offline queue's rules, without storage or network: what a visitor did without a connection
 * (a collect, a print, a contact lead) waits here with an id of its own until the server has it. Items go out
 * oldest first; a failed one holds those behind it (what failed is the connection, not the item)
 * and waits longer after each failure.
 */

interface QueuedBase {
  /** The item's own id: a print's is its request id, so a replay spends no second copy. */
  id: string;
  createdAt: number;
  attempts: number;
  /** Not before this time (ms since the epoch), unless the guest or the connection says now. */
  nextAttemptAt: number;
}

export interface QueuedCollect extends QueuedBase {
  kind: 'collect';
  /** The media URL the collect link named. */
  url: string;
  bname: string;
}

export interface QueuedPrint extends QueuedBase {
  kind: 'print';
  packHash: string;
  printId: string;
}

export interface QueuedLead extends QueuedBase {
  kind: 'lead';
  /** The contact form as sent; its clientId is the item's id. */
  lead: ContactLead;
}

export type QueuedItem = QueuedCollect | QueuedPrint | QueuedLead;

type Fresh<T> = Omit<T, 'attempts' | 'nextAttemptAt'>;
export type NewQueuedItem = Fresh<QueuedCollect> | Fresh<QueuedPrint> | Fresh<QueuedLead>;

/** A print sent to the server, followed until it is printed. */
export interface TrackedPrint {
  requestId: string;
  packHash: string;
  printId: string;
  sentAt: number;
}

/** More than this waiting is not a guest at a party: the newest is refused rather than the oldest lost. */
export const MAX_QUEUED = 200;
/** The prints followed: the newest ones, enough for every photo of a party. */
export const MAX_TRACKED_PRINTS = 50;

const ID = /^[A-Za-z0-9_-]{16,64}$/;

/** A new item id: 22 URL-safe characters (132 bits); a print's is sent as its request id. */
export function newQueueId(random?: RandomBytes): string {
  return randomString(22, URL_SAFE, random);
}

/**
 * Delay before the next try after `attempts` failures: 2 s doubling up to 5 minutes, spread by
 * up to a fifth either way so that the phones of a whole venue do not all retry at once.
 */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(2_000 * 2 ** Math.max(0, attempts - 1), 300_000);
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** Oldest first; equal times keep the order they were queued in. */
export function inOrder(queue: readonly QueuedItem[]): QueuedItem[] {
  return queue
    .map((item, index) => ({ item, index }))
    .sort((a, b) => a.item.createdAt - b.item.createdAt || a.index - b.index)
    .map(({ item }) => item);
}

/** Whether `item` repeats one already waiting: the same id, or a collect of the same media. */
function isDuplicate(
  queue: readonly QueuedItem[],
  item: Pick<QueuedItem, 'id'> & ({ kind: 'collect'; url: string } | { kind: 'print' | 'lead' }),
): boolean {
  return queue.some(
    (other) => other.id === item.id || (item.kind === 'collect' && other.kind === 'collect' && other.url === item.url),
  );
}

/** Adds a new item, due at once; the same array when it repeats one waiting, is malformed or the queue is full. */
export function enqueue(queue: readonly QueuedItem[], item: NewQueuedItem): readonly QueuedItem[] {
  if (!ID.test(item.id) || isDuplicate(queue, item) || queue.length >= MAX_QUEUED) return queue;
  return inOrder([...queue, { ...item, attempts: 0, nextAttemptAt: item.createdAt }]);
}

/** The item to send next and how long to wait for it (0: now); `now` forces no wait (the connection came back). */
export function nextToSend(
  queue: readonly QueuedItem[],
  now: number,
  force = false,
): { item: QueuedItem; waitMs: number } | null {
  const [head] = inOrder(queue);
  if (!head) return null;
  return { item: head, waitMs: force ? 0 : Math.max(0, head.nextAttemptAt - now) };
}

/** The item failed to reach the server: one more attempt counted, and the next one later. */
export function afterFailure(
  queue: readonly QueuedItem[],
  id: string,
  now: number,
  random: () => number = Math.random,
): QueuedItem[] {
  return queue.map((item) => {
    if (item.id !== id) return item;
    const attempts = item.attempts + 1;
    return { ...item, attempts, nextAttemptAt: now + retryDelayMs(attempts, random) };
  });
}

export function withoutItem(queue: readonly QueuedItem[], id: string): QueuedItem[] {
  return queue.filter((item) => item.id !== id);
}

/** Adds (or refreshes) a followed print, keeping the newest MAX_TRACKED_PRINTS. */
export function trackPrint(prints: readonly TrackedPrint[], print: TrackedPrint): TrackedPrint[] {
  const others = prints.filter((p) => p.requestId !== print.requestId);
  return [...others, print].sort((a, b) => a.sentAt - b.sentAt).slice(-MAX_TRACKED_PRINTS);
}

/** The latest print of one image, if any was sent. */
export function latestPrintOf(prints: readonly TrackedPrint[], printId: string): TrackedPrint | null {
  let latest: TrackedPrint | null = null;
  for (const print of prints)
    if (print.printId === printId && (!latest || print.sentAt >= latest.sentAt)) latest = print;
  return latest;
}

const isText = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= 1024;
const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

/** What storage hands back is checked: an old build or a hand edit may have left anything there. */
export function isQueuedItem(value: unknown): value is QueuedItem {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  if (
    typeof v.id !== 'string' ||
    !ID.test(v.id) ||
    !isTime(v.createdAt) ||
    !isTime(v.attempts) ||
    !isTime(v.nextAttemptAt)
  )
    return false;
  if (v.kind === 'collect') return isText(v.url) && isText(v.bname);
  if (v.kind === 'print') return isText(v.packHash) && isText(v.printId);
  if (v.kind === 'lead') return isLead(v.lead, v.id);
  return false;
}

/** A lead as the form makes it: short texts only, its clientId the item's id. */
function isLead(value: unknown, id: string): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const fields = Object.values(value as Record<string, unknown>);
  const lead = value as Partial<ContactLead>;
  return (
    lead.clientId === id &&
    isText(lead.nome) &&
    isText(lead.evento) &&
    fields.every((f) => typeof f === 'string' && f.length <= 5000)
  );
}

export function isTrackedPrint(value: unknown): value is TrackedPrint {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.requestId === 'string' &&
    ID.test(v.requestId) &&
    isText(v.packHash) &&
    isText(v.printId) &&
    isTime(v.sentAt)
  );
}
