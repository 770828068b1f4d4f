import { readDemoFile, ultraVideoFile } from './demoMedia';
import type { DeviceClient } from './deviceClient';
import { say } from './log';
import { wait } from './repeat';

/**
 * The 360 platform. When a guest confirms the settings on the phone (speed, song), the
 * platform takes them, spins and records for a while, then uploads the finished video.
 */
export interface UltraSettings {
  qrid: string;
  speed: number;
  music: string;
}

const RECORDING_MS = 6_000;

export function createUltra(client: DeviceClient) {
  let recorded = 0;

  /** Records the session waiting now, if any; true when there was one. */
  async function step(signal: AbortSignal): Promise<boolean> {
    const settings = await client.poll<UltraSettings>('/api/device/ultra/settings');
    if (!settings) return false;
    say(client.id, `sessão iniciada (QR ${settings.qrid}, velocidade ${settings.speed}, música ${settings.music}). Gravando...`);
    await wait(RECORDING_MS, signal);
    const video = readDemoFile(ultraVideoFile(recorded));
    recorded += 1;
    const { url } = await client.upload<{ url: string }>('/api/device/ultra/video', `giro-${Date.now()}.mp4`, video);
    say(client.id, `vídeo pronto: ${url}`);
    return true;
  }

  return { step };
}
