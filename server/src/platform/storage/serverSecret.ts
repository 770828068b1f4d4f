import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { writeFileDurably } from './durableWrite';

/**
 * A server secret: the configured value when there is one (every app server behind one balancer
 * needs the same), otherwise a random one made once and kept in the data folder as `fileName`,
 * so that a restart (and the seed command, on the same folder) reads the same.
 */
export async function loadServerSecret(configured: string | null, dataDir: string, fileName: string): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'utf8');
  const file = path.join(dataDir, fileName);
  const existing = await readSecret(file);
  if (existing) return existing;
  // Written 0600 from its first byte beside the file, then linked into place only if no other
  // process (an app server starting at the same moment, the seed command) got there first: every
  // process ends up with the one secret on disk.
  // Named as a temporary file: one left by a kill is cleaned as the server starts (durableWrite.ts).
  const candidate = path.join(dataDir, `.${fileName}.${crypto.randomBytes(6).toString('hex')}.tmp`);
  await writeFileDurably(candidate, Buffer.from(crypto.randomBytes(32).toString('hex')), { private: {} });
  try {
    await fs.link(candidate, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await fs.rm(candidate, { force: true });
  }
  const secret = await readSecret(file);
  if (!secret) throw new Error(`${file} does not hold a secret (64 hex characters)`);
  return secret;
}

async function readSecret(file: string): Promise<Buffer | null> {
  const text = await fs.readFile(file, 'utf8').catch(() => null);
  return text && /^[0-9a-f]{64}$/.test(text.trim()) ? Buffer.from(text.trim(), 'hex') : null;
}

/** DEVICE_KEY_PEPPER, or the data folder's own: what device keys are hashed with (modules/booths/deviceKeys.ts). */
export function loadDeviceKeyPepper(config: { deviceKeyPepper: string | null; dataDir: string }): Promise<Buffer> {
  return loadServerSecret(config.deviceKeyPepper, config.dataDir, 'device-key.pepper');
}
