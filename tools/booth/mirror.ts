import crypto from 'node:crypto';
import path from 'node:path';
import { mirrorResultFile, readDemoFile } from './demoMedia';
import { DEVICE_PATHS } from '../../contract/devicePaths';
import type { DeviceSessionReply, MirrorJob, MirrorSessionRequest } from '../../contract/wire';
import type { DeviceClient } from './deviceClient';
import { say } from './log';
import { wait } from './repeat';

const THINKING_MS = 3_000;
/**
 * A new session replaces the old one, and with it the finished image the guest's phone is
 * still asking for (it polls every 5 s, 6 times): so the next QR code waits this long.
 */
const NEXT_SESSION_AFTER_MS = 45_000;

/**
 * The AI mirror. Its screen shows a QR code for a session; a guest scans it, picks a mode and a
 * prompt on the phone, and the mirror takes that job, "generates" the picture (one of the demo
 * results, after a pause that feels like work) and uploads it. A while later it shows a new QR
 * code for the next guest.
 */
export function createMirror(client: DeviceClient, now: () => number = Date.now) {
  let answered = 0;
  let renewAt: number | null = null;

  async function openSession(): Promise<string> {
    const sessionHash = crypto.randomBytes(9).toString('base64url');
    await client.json<DeviceSessionReply>('POST', DEVICE_PATHS.mirrorSession, {
      sessionHash,
    } satisfies MirrorSessionRequest);
    say(
      client.id,
      `novo QR code. Convidado: abra ${client.baseUrl}/espelho?dh=${encodeURIComponent(client.id)}&sh=${sessionHash}`,
    );
    return sessionHash;
  }

  /** Answers the job waiting now, if any (true when there was one); renews the QR code when due. */
  async function step(signal: AbortSignal): Promise<boolean> {
    const job = await client.poll<MirrorJob>(DEVICE_PATHS.mirrorJob);
    if (!job) {
      if (renewAt !== null && now() >= renewAt) {
        renewAt = null;
        await openSession();
      }
      return false;
    }
    say(client.id, `pedido recebido: modo "${job.mode}", mágica "${job.prompt}". Gerando a imagem...`);
    await wait(THINKING_MS, signal);
    const source = mirrorResultFile(job.mode, answered);
    answered += 1;
    const file = `espelho-${Date.now()}${path.extname(source)}`;
    const { url } = await client.upload(DEVICE_PATHS.mirrorImage, file, readDemoFile(source));
    say(client.id, `imagem pronta: ${url} (novo QR code em ${NEXT_SESSION_AFTER_MS / 1000} s)`);
    // The same guest may ask again (restart) on this QR code meanwhile; each answer resets the wait.
    renewAt = now() + NEXT_SESSION_AFTER_MS;
    return true;
  }

  return { openSession, step };
}
