import fs from 'node:fs';
import path from 'node:path';
import { processRunning } from '../../../tools/localStack/processAlive';

/**
 * The run's journey stacks, as folders of the run's folder (`E2E_RUN_DIR`): `0/`, `1/`, each with
 * its data folder and, once it serves, `stack.json` (what a journey needs to reach it). The
 * global setup writes them (test/e2e/support/globalSetup.ts); the journeys' environment takes a
 * free one for a file's whole run (test/e2e/support/journeyEnvironment.ts).
 */
export interface JourneyStack {
  E2E_BASE_URL: string;
  E2E_AUTH_EMULATOR_URL: string;
  E2E_DATA_DIR: string;
  /** The stack's WhatsApp Cloud API stand-in (test/e2e/support/deliveryStandIns.ts asks it what it accepted). */
  E2E_WHATSAPP_URL: string;
}

export function stackDir(runDir: string, index: number): string {
  return path.join(runDir, String(index));
}

/** Published atomically: a reader sees the whole entry or none. */
export function publishStack(runDir: string, index: number, stack: JourneyStack): void {
  const dir = stackDir(runDir, index);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'stack.json.tmp'), JSON.stringify(stack));
  fs.renameSync(path.join(dir, 'stack.json.tmp'), path.join(dir, 'stack.json'));
}

function publishedStacks(runDir: string): { dir: string; stack: JourneyStack }[] {
  const found: { dir: string; stack: JourneyStack }[] = [];
  for (const name of fs.readdirSync(runDir).sort()) {
    const file = path.join(runDir, name, 'stack.json');
    if (!/^\d+$/.test(name) || !fs.existsSync(file)) continue;
    found.push({ dir: path.join(runDir, name), stack: JSON.parse(fs.readFileSync(file, 'utf8')) as JourneyStack });
  }
  return found;
}

const FAILED = 'stacks-failed';

/** Says why no stack will come: the journeys waiting for one fail with it. */
export function failJourneyStacks(runDir: string, why: string): void {
  fs.writeFileSync(path.join(runDir, FAILED), why);
}

/**
 * Waits for a stack no other journey file holds, and holds it: its demo seed is then this file's
 * alone until `release`. A holder that died leaves its turn to be taken over. Throws when the
 * stacks could not start.
 */
export async function takeFreeStack(runDir: string): Promise<{ stack: JourneyStack; release: () => void }> {
  for (;;) {
    const failed = path.join(runDir, FAILED);
    if (fs.existsSync(failed)) throw new Error(fs.readFileSync(failed, 'utf8'));
    for (const { dir, stack } of publishedStacks(runDir)) {
      const turn = path.join(dir, 'journey-turn');
      if (takeTurn(turn)) return { stack, release: () => fs.rmSync(turn, { recursive: true, force: true }) };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The turn is a folder (made or not, atomically) naming its holder; a dead holder's is taken over. */
function takeTurn(turn: string): boolean {
  try {
    fs.mkdirSync(turn);
    fs.writeFileSync(path.join(turn, 'pid'), String(process.pid));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  let holder: number;
  try {
    holder = Number(fs.readFileSync(path.join(turn, 'pid'), 'utf8'));
  } catch {
    return false; // just taken, its pid not written yet
  }
  if (!Number.isInteger(holder) || holder <= 0 || processRunning(holder)) return false;
  fs.rmSync(turn, { recursive: true, force: true });
  return false;
}
