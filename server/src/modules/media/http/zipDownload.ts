import { PassThrough, pipeline, type Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import yazl from 'yazl';
import type { MediaRef } from '../../../../../contract/mediaPath';
import { mediaKey } from '../storage/mediaStorage';
import type { ObjectStore } from '../../../platform/storage/objectStore';

/** One file of a ZIP: the media it holds and its name inside. */
export interface ZipEntry {
  ref: MediaRef;
  name: string;
}

/**
 * The names of `refs` inside a ZIP, in their order: the file's own name, or, with `byEvent`
 * (a collection of several events), in a folder per event; a name met again (another booth's
 * photo of the same name) gets ' (2)', ' (3)'... before its extension.
 */
export function zipEntries(refs: readonly MediaRef[], { byEvent = false } = {}): ZipEntry[] {
  const taken = new Set<string>();
  return refs.map((ref) => {
    const base = byEvent ? `${ref.eventName}/${ref.file}` : ref.file;
    let name = base;
    for (let n = 2; taken.has(name); n += 1) name = base.replace(/(\.[^./]*)?$/, (extension) => ` (${n})${extension}`);
    taken.add(name);
    return { ref, name };
  });
}

/** A ZIP's name in a download: readable everywhere (ASCII), and exact where UTF-8 is understood. */
export function zipDisposition(title: string): string {
  const ascii =
    title
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase() || 'fotos';
  return `attachment; filename="${ascii}.zip"; filename*=UTF-8''${encodeURIComponent(`${title}.zip`)}`;
}

/**
 * Sends the entries' files as one ZIP, streamed from the store as it is read: one file open at a
 * time, its bytes passed on as the client takes them (stored, not compressed: photos and videos
 * are compressed already), so a ZIP of hundreds of photos holds a few chunks in memory, not the
 * photos. A file gone meanwhile (erased by its guest) breaks the download off: the browser says
 * it failed rather than hand over a ZIP with a hole.
 */
export function sendZip(
  reply: FastifyReply,
  title: string,
  entries: readonly ZipEntry[],
  objects: ObjectStore,
  log: (message: string) => void,
): FastifyReply {
  const zip = new yazl.ZipFile();
  const body = new PassThrough();
  // The file being read: closed with the download when the client goes away.
  let current: Readable | null = null;
  const fail = (error: Error) => {
    log(`zip ${title}: ${error.message}`);
    body.destroy(error);
  };
  for (const entry of entries) {
    zip.addReadStreamLazy(entry.name, { compress: false, mtime: new Date() }, (done) => {
      if (body.destroyed) return;
      objects.get(mediaKey(entry.ref)).then(
        (found) => {
          if (!found) return fail(new Error(`${entry.name} is gone`));
          current = found.body;
          done(null, found.body);
        },
        (error: Error) => fail(error),
      );
    });
  }
  zip.end();
  pipeline(zip.outputStream as Readable, body, (error) => {
    if (error) current?.destroy();
  });
  return reply
    .header('Content-Type', 'application/zip')
    .header('Content-Disposition', zipDisposition(title))
    .header('Cache-Control', 'no-store')
    .send(body);
}
