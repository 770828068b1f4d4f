import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import type { Readable } from 'node:stream';

/** The name of a temporary file of writeFileDurably: `.{name}.{12 hex}.tmp`, beside its target. */
export const TEMPORARY_FILE = /^\..+\.[0-9a-f]{12}\.tmp$/;

async function syncFolder(dir: string): Promise<void> {
  const folder = await fs.open(dir, 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}

/**
 * Creates `dir` and the levels above it that are missing so that they survive a power cut: each
 * new folder is flushed, and so is the parent that holds its entry. Answers the folders flushed,
 * the topmost first (none when `dir` already existed).
 */
export async function mkdirDurably(dir: string, mode = 0o777): Promise<string[]> {
  const missing: string[] = [];
  for (let level = path.resolve(dir); ; level = path.dirname(level)) {
    const exists = await fs.stat(level).then(
      () => true,
      () => false,
    );
    if (exists || path.dirname(level) === level) break;
    missing.unshift(level);
  }
  if (missing.length === 0) return [];
  await fs.mkdir(dir, { recursive: true, mode });
  const synced: string[] = [];
  for (const level of missing) {
    const parent = path.dirname(level);
    if (!synced.includes(parent)) {
      await syncFolder(parent);
      synced.push(parent);
    }
    await syncFolder(level);
    synced.push(level);
  }
  return synced;
}

export interface WriteOptions {
  /**
   * A person's data or a secret (a face, a key): the file is readable by the server's user only
   * (0600); the folders it creates, and those from the file's up to `root` when given, only it
   * can open (0700).
   */
  private?: { root?: string };
}

/**
 * Writes a file so that, once this resolves, it survives a killed process or a power cut: the
 * bytes go to a temporary file that is flushed, then renamed over the target, then the folder
 * entry itself is flushed. A reader never sees a half-written file.
 */
export async function writeFileDurably(
  target: string,
  data: Buffer | Readable,
  options: WriteOptions = {},
): Promise<void> {
  const dir = path.dirname(target);
  const secret = options.private;
  await mkdirDurably(dir, secret ? 0o700 : 0o777);
  if (secret?.root) {
    // Folders made before (or by an older release) are closed too, from the file's up to the root.
    const root = path.resolve(secret.root);
    for (
      let level = path.resolve(dir);
      level === root || level.startsWith(root + path.sep);
      level = path.dirname(level)
    ) {
      await fs.chmod(level, 0o700);
    }
  }
  const temporary = path.join(dir, `.${path.basename(target)}.${crypto.randomBytes(6).toString('hex')}.tmp`);
  const handle = await fs.open(temporary, 'w', secret ? 0o600 : 0o644);
  try {
    // A stream is written as it arrives (a large upload never sits whole in memory).
    if (Buffer.isBuffer(data)) await handle.writeFile(data);
    else {
      for await (const chunk of data) {
        const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
        // A write may take fewer bytes than given: the rest goes again.
        for (let done = 0; done < bytes.length;)
          done += (await handle.write(bytes, done, bytes.length - done)).bytesWritten;
      }
    }
    await handle.sync();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await fs.rm(temporary, { force: true });
    throw error;
  }
  await handle.close();
  try {
    await fs.rename(temporary, target);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
  await syncFolder(dir);
}

/**
 * The folders of `dataDir` that writeFileDurably writes into: media, thumbnails, display renditions, faces, the
 * catalogue.
 */
export const DURABLE_FOLDERS = ['media', 'thumbs', 'display', 'faces', 'catalogo'] as const;

/**
 * Removes the temporary files a kill left behind (writes that never reached their rename),
 * only inside the data folders of DURABLE_FOLDERS, never following a link out of them.
 * Answers the files removed.
 */
export async function cleanTemporaryFiles(dataDir: string): Promise<string[]> {
  const removed: string[] = [];
  const visit = async (dir: string): Promise<void> => {
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await visit(full);
      else if (entry.isFile() && TEMPORARY_FILE.test(entry.name)) {
        await fs.rm(full, { force: true });
        removed.push(full);
      }
    }
  };
  for (const folder of DURABLE_FOLDERS) await visit(path.join(dataDir, folder));
  return removed;
}
