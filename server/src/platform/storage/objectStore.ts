import type { Readable } from 'node:stream';

/**
 * Where the files of the product live, by key (`media/{event}/{mode}/{file}`,
 * `thumbs/...webp`, `faces/{agent}/...`): the local disk (the one-command product's default) or a
 * bucket through the S3 API (`MEDIA_STORE=s3`, docs/operations.md#more-than-one-app-server: app servers keep no file
 * of their own). Both behave alike, and one suite of tests runs against both
 * (test/server/objectStore.test.ts).
 */
export interface ObjectStore {
  /** Which one: what the health check and the logs name. */
  readonly kind: 'disk' | 's3';
  /**
   * Stores `body` under `key`, whole or not at all: once this resolves it is there for every
   * server (and survives a killed process); a reader never sees half of it. A stream is sent as it
   * arrives, never held whole in memory.
   */
  put(key: string, body: Buffer | Readable, options?: PutOptions): Promise<void>;
  /**
   * The object's bytes (`range`: inclusive, as HTTP says it), or null when there is no such key;
   * a range that covers none of its bytes throws RangeNotSatisfiableError. `known`: what a `head`
   * just said of it, so that a range needs no second question to the store.
   */
  get(key: string, range?: ByteRange, known?: ObjectInfo): Promise<StoredObject | null>;
  /** What is known of the object without its bytes, or null when there is no such key. */
  head(key: string): Promise<ObjectInfo | null>;
  /** Deletes the object; nothing for a key not there. */
  remove(key: string): Promise<void>;
  /** Deletes every object under `prefix` (a folder's, ending in `/`): on the disk, the folder too. */
  removeAll(prefix: string): Promise<void>;
  /** Every key under `prefix` (a folder's, ending in `/`), in no promised order. */
  list(prefix: string): AsyncIterable<string>;
  /**
   * An address the browser may fetch the object from for `seconds`, when the store has one (a
   * presigned URL of the bucket); null for the disk, whose files the server sends itself.
   */
  temporaryUrl(key: string, seconds: number): Promise<string | null>;
  /** Resolves when objects can be stored and read (the readiness check), rejects saying why otherwise. */
  reachable(): Promise<void>;
}

export interface PutOptions {
  contentType?: string;
  /** A person's data (a face): on the disk, readable by the server's user only. */
  private?: boolean;
}

/** Bytes `start` to `end`, both included; without `end`, to the last. */
export interface ByteRange {
  start: number;
  end?: number;
}

export interface ObjectInfo {
  /** The whole object's size, in bytes. */
  size: number;
  lastModified: Date;
}

export interface StoredObject extends ObjectInfo {
  body: Readable;
  /** The bytes `body` holds: the range asked for, clipped to the object, or the whole. */
  range: { start: number; end: number };
}

/**
 * Keys are paths of safe segments: letters, digits, `.`, `_`, `-` (never `.` or `..` alone), joined
 * by `/`, none empty. Anything else names no object: the disk never reads outside its folder, and
 * the bucket holds no key a path could not hold.
 */
const SEGMENT = /^(?!\.{1,2}$)[A-Za-z0-9._-]{1,255}$/;

export function isObjectKey(key: string): boolean {
  if (key.length === 0 || key.length > 1024) return false;
  return key.split('/').every((segment) => SEGMENT.test(segment));
}

export class InvalidObjectKeyError extends Error {
  constructor(key: string) {
    super(`not an object key: ${JSON.stringify(key.slice(0, 100))}`);
  }
}

export function checkObjectKey(key: string): void {
  if (!isObjectKey(key)) throw new InvalidObjectKeyError(key);
}

/** A key prefix (`media/festa/`): safe segments each ending in `/`, or nothing (every key). */
export function checkObjectPrefix(prefix: string): void {
  if (prefix === '') return;
  if (!prefix.endsWith('/') || !isObjectKey(prefix.slice(0, -1))) throw new InvalidObjectKeyError(prefix);
}

/** A range that covers none of the object's bytes (HTTP's 416). */
export class RangeNotSatisfiableError extends Error {
  constructor(readonly size: number) {
    super(`range outside an object of ${size} bytes`);
  }
}

/**
 * The bytes a range covers of an object of `size` bytes (`end` -1 for an empty object read whole), or null when it
 * covers none.
 */
export function clipRange(range: ByteRange | undefined, size: number): { start: number; end: number } | null {
  if (!range) return { start: 0, end: size - 1 };
  const end = Math.min(range.end ?? size - 1, size - 1);
  if (range.start < 0 || range.start > end) return null;
  return { start: range.start, end };
}
