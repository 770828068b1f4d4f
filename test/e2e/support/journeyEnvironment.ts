import { TestEnvironment } from 'jest-environment-node';
import { takeFreeStack } from './journeyStacks';

/**
 * The journeys' environment: Node's, and one journey file at a time on each of the run's stacks.
 * The files share a stack's demo seed (festa_ana's booths and wall, the demo printers and their
 * queue, the demo accounts) and each leaves it as the next expects; on one stack together they
 * would see each other's photos and print jobs. So a file takes a free stack before its first hook
 * and gives it back after its last one (its afterAll's clean-ups included). Its `process.env`
 * (the file's own copy) then names that stack: `E2E_BASE_URL`, `E2E_AUTH_EMULATOR_URL`,
 * `E2E_DATA_DIR`.
 */
export default class JourneyEnvironment extends TestEnvironment {
  private release: (() => void) | null = null;

  override async setup(): Promise<void> {
    await super.setup();
    const runDir = process.env.E2E_RUN_DIR;
    if (!runDir) return; // no stack: the file fails on its own, saying so
    const { stack, release } = await takeFreeStack(runDir);
    this.release = release;
    Object.assign(this.global.process.env, stack);
  }

  override async teardown(): Promise<void> {
    this.release?.();
    await super.teardown();
  }
}
