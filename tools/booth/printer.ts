import fs from 'node:fs';
import path from 'node:path';
import { DeviceRejectedError, ServerUnreachableError, type DeviceClient } from './deviceClient';
import { DEVICE_PATHS } from '../../contract/devicePaths';
import type {
  PrinterState,
  PrinterStateReport,
  PrintJob,
  PrintJobFailedReply,
  PrintJobPrintedReply,
} from '../../contract/wire';
import { complain, say } from './log';

/**
 * The printer: takes the print jobs guests queued with their packs, "prints" each one by
 * saving its print file (the photo laid out for the paper, with its collect QR code) in a
 * folder, and tells the server it is done.
 */
/** Never loops forever, even if a server kept handing out jobs. */
const MAX_ROUNDS = 100;

/**
 * How the printer behaves: `jam` makes it jam on what it takes; `state`, what it says when turned on (ready by
 * default).
 */
export interface PrinterPlay {
  jam?: boolean;
  state?: PrinterState | null;
}

/** The printer says its state (ready, out of paper, out of ink, jammed). */
export async function sayPrinterState(client: DeviceClient, state: PrinterState): Promise<void> {
  await client.json<PrinterStateReport>('POST', DEVICE_PATHS.printerState, { state } satisfies PrinterStateReport);
  say(client.id, `estado da impressora: ${state}`);
}

/**
 * Jams on the jobs it took: each fails, and the server gives its copy back to the guest's pack;
 * then the printer says it is jammed (it takes nothing more until it says it is ready).
 */
async function jamOn(client: DeviceClient, jobs: PrintJob[]): Promise<void> {
  for (const job of jobs) {
    const { copies } = await client.json<PrintJobFailedReply>('POST', DEVICE_PATHS.printJobFailed(job.id));
    say(client.id, `travou ao imprimir ${job.url}: a cópia voltou para o pacote ${job.packHash} (${copies} cópia(s))`);
  }
  await sayPrinterState(client, 'jammed');
}

/**
 * The simulated printer. Turned on, it says its state once (ready, unless --printer-state says
 * otherwise: a jam from an earlier run is cleared by starting again, as on a real printer); then
 * each step prints what is queued, or jams on it. A jammed printer says so and takes nothing more
 * until it is started again.
 */
export function createPrinter(client: DeviceClient, outDir: string, play: PrinterPlay = {}) {
  let turnedOn = false;
  return {
    /** Prints everything queued now; answers how many jobs were printed. */
    async step(): Promise<number> {
      if (!turnedOn) {
        await sayPrinterState(client, play.state ?? 'ready');
        turnedOn = true;
      }
      return printQueued(client, outDir, play.jam ?? false);
    },
  };
}

async function printQueued(client: DeviceClient, outDir: string, jam: boolean): Promise<number> {
  let printed = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    // The server hands out at most 10 jobs per call and marks them as this printer's.
    const jobs = await client.json<PrintJob[]>('GET', DEVICE_PATHS.printJobs);
    if (jobs.length === 0) break;
    if (jam) {
      await jamOn(client, jobs);
      break;
    }
    for (const job of jobs) {
      try {
        await printJob(client, job, outDir);
        printed += 1;
      } catch (error) {
        if (error instanceof DeviceRejectedError || error instanceof ServerUnreachableError) throw error;
        // The job stays claimed; the server puts it back in the queue after 10 minutes.
        complain(
          client.id,
          `não conseguiu imprimir o trabalho ${job.id} (${job.url}): ` +
            `${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  }
  return printed;
}

async function printJob(client: DeviceClient, job: PrintJob, outDir: string): Promise<void> {
  // A server older than print files sends none: the photo itself is printed then.
  const bytes = job.file ? await client.download(job.file, { asDevice: true }) : await client.download(job.url);
  const name = path.posix
    .basename(job.url)
    .replace(/\.[A-Za-z0-9]+$/, job.file ? '.jpg' : '$&')
    .replace(/[^A-Za-z0-9._-]/g, '_');
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, `${job.id}-${name}`), bytes);
  say(client.id, `imprimiu ${job.url} (pacote ${job.packHash})`);
  await client.json<PrintJobPrintedReply>('POST', DEVICE_PATHS.printJobPrinted(job.id));
}
