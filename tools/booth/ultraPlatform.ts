import crypto from 'node:crypto';
import { readDemoFile, ultraVideoFile } from './demoMedia';
import { DEVICE_PATHS } from '../../contract/devicePaths';
import type { DeviceSessionReply, UltraSessionRequest, UltraSettings } from '../../contract/wire';
import type { DeviceClient } from './deviceClient';
import { say } from './log';
import { wait } from './repeat';

const RECORDING_MS = 6_000;

/**
 * The 360 platform. Its screen shows a QR code for a session (qrid); a guest scans it, confirms
 * the settings on the phone (speed, song), and the platform takes them, spins and records for a
 * while, then uploads the finished video and shows a new QR code for the next guest.
 * `event`: the event the platform serves (the settings screen's `bname`), for the link it prints.
 */
export function createUltra(client: DeviceClient, event: string | null = null) {
  let recorded = 0;

  /** A new QR code on screen: the server refuses settings for any other one from now on. */
  async function openSession(): Promise<string> {
    const qrid = crypto.randomBytes(9).toString('base64url');
    await client.json<DeviceSessionReply>('POST', DEVICE_PATHS.ultraSession, { qrid } satisfies UltraSessionRequest);
    const query = new URLSearchParams({ device: client.id, qrid, ...(event ? { bname: event } : {}) });
    say(client.id, `novo QR code. Convidado: abra ${client.baseUrl}/ultraQR?${query.toString()}`);
    return qrid;
  }

  /** Records the session waiting now, if any; true when there was one. */
  async function step(signal: AbortSignal): Promise<boolean> {
    const settings = await client.poll<UltraSettings>(DEVICE_PATHS.ultraSettings);
    if (!settings) return false;
    say(
      client.id,
      `sessão iniciada (QR ${settings.qrid}, velocidade ${settings.speed}, música ${settings.music}). Gravando...`,
    );
    await wait(RECORDING_MS, signal);
    const video = readDemoFile(ultraVideoFile(recorded));
    recorded += 1;
    const { url } = await client.upload(DEVICE_PATHS.ultraVideo, `giro-${Date.now()}.mp4`, video);
    say(client.id, `vídeo pronto: ${url}`);
    return true;
  }

  return { openSession, step };
}
