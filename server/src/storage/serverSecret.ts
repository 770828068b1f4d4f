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
  const existing = await fs.readFile(file, 'utf8').catch(() => null);
  if (existing && /^[0-9a-f]{64}$/.test(existing.trim())) return Buffer.from(existing.trim(), 'hex');
  const secret = crypto.randomBytes(32);
  // Written 0600 from its first byte: never readable by another user, not even for a moment.
  await writeFileDurably(file, Buffer.from(secret.toString('hex')), { private: {} });
  return secret;
}

/** DEVICE_KEY_PEPPER, or the data folder's own: what device keys are hashed with (domain/deviceKeys.ts). */
export function loadDeviceKeyPepper(config: { deviceKeyPepper: string | null; dataDir: string }): Promise<Buffer> {
  return loadServerSecret(config.deviceKeyPepper, config.dataDir, 'device-key.pepper');
}
