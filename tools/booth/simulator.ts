import { uploadPhoto } from './camera';
import { say } from './log';
import { createMirror } from './mirror';
import type { Player } from './players';
import { createPrinter, type PrinterPlay } from './printer';
import { repeat } from './repeat';
import { ROLE_INFO } from './roles';
import { createUltra } from './ultraPlatform';

/**
 * Plays the connected devices: once (one photo, the print queue as it is now) or until stopped,
 * each device on its own rhythm.
 */
const CAMERA_EVERY_MS = 20_000;
const POLL_EVERY_MS = 2_000;

export interface SimulatorSettings {
  /** Where the printer "prints" (saves) the pictures. */
  printedDir: string;
  /** How the printer behaves (--printer-jam, --printer-state). */
  printer?: PrinterPlay;
}

function describe(player: Player): string {
  const { device } = player;
  const where = [device.event, device.mode].filter(Boolean).join(', ');
  return `${ROLE_INFO[player.role].label}: ${device.id}${where ? ` (${where})` : ''}`;
}

/** Does one round of each device's work and returns. */
export async function runOnce(players: Player[], settings: SimulatorSettings): Promise<void> {
  const never = new AbortController().signal;
  for (const player of players) {
    const { client, device } = player;
    switch (player.role) {
      case 'camera':
        await uploadPhoto(client, device);
        break;
      case 'printer': {
        const printed = await createPrinter(client, settings.printedDir, settings.printer).step();
        say(
          device.id,
          printed
            ? `${printed} impressão(ões) salva(s) em ${settings.printedDir}`
            : 'nenhum trabalho na fila de impressão.',
        );
        break;
      }
      case 'mirror':
        if (!(await createMirror(client).step(never))) say(device.id, 'nenhum pedido de convidado agora.');
        break;
      case 'ultra':
        if (!(await createUltra(client).step(never))) say(device.id, 'nenhuma sessão 360 configurada agora.');
        break;
    }
  }
}

/** Runs every device until `signal` aborts; rejects if a device is refused along the way. */
export async function runForever(players: Player[], settings: SimulatorSettings, signal: AbortSignal): Promise<void> {
  for (const player of players) console.info(`  ${describe(player)}`);
  const loops = players.map(async (player) => {
    const { client, device } = player;
    switch (player.role) {
      case 'camera':
        return repeat(device.id, CAMERA_EVERY_MS, signal, () => uploadPhoto(client, device));
      case 'printer': {
        const printer = createPrinter(client, settings.printedDir, settings.printer);
        return repeat(device.id, POLL_EVERY_MS, signal, () => printer.step());
      }
      case 'mirror': {
        const mirror = createMirror(client);
        let ready = false;
        // Opening the session is retried like any step, in case the server blinks at start.
        return repeat(device.id, POLL_EVERY_MS, signal, async () => {
          if (!ready) await mirror.openSession();
          ready = true;
          return mirror.step(signal);
        });
      }
      case 'ultra': {
        const ultra = createUltra(client, device.event);
        let ready = false;
        say(device.id, 'aguardando um convidado configurar a sessão 360...');
        // A QR code on screen at start, and a new one after each video (the guest's phone asks
        // ultraLast for the video, which does not depend on the QR code).
        return repeat(device.id, POLL_EVERY_MS, signal, async () => {
          if (!ready) await ultra.openSession();
          ready = true;
          if (await ultra.step(signal)) ready = false;
        });
      }
    }
  });
  await Promise.all(loops);
}
