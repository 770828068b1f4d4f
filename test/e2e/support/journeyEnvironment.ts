import fs from 'node:fs';
import path from 'node:path';
import { TestEnvironment } from 'jest-environment-node';
import { processRunning } from '../../../tools/localStack/processAlive';

/**
 * The journeys' environment: Node's, and one journey file at a time on the run's one stack. The
 * files share its demo seed (festa_ana's booths and wall, the demo printers and their queue, the
 * demo accounts) and each leaves it as the next expects; in parallel they would see each other's
 * photos and print jobs. So a file takes the stack's turn before its first hook and gives it back
 * after its last one (its afterAll's clean-ups included), while the other jest workers run the
 * other projects' files.
 */
export default class JourneyEnvironment extends TestEnvironment {
  private turn: string | null = null;

  override async setup(): Promise<void> {
    await super.setup();
    const stackDir = path.dirname(process.env.E2E_DATA_DIR ?? '');
    if (!process.env.E2E_DATA_DIR) return; // no stack: the file fails on its own, saying so
    this.turn = path.join(stackDir, 'journey-turn');
    while (!takeTurn(this.turn)) await new Promise((resolve) => setTimeout(resolve, 200));
  }

  override async teardown(): Promise<void> {
    if (this.turn) fs.rmSync(this.turn, { recursive: true, force: true });
    await super.teardown();
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
