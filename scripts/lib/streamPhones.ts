/**
 * bench:streams' phones, driven from the benchmark: a child process of their own (their memory is not the measured
 * server's) running lib/streamClients.ts, which opens, counts and closes the streams it is told to.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { ClientCommand, ClientReply } from './streamClients';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The phones' process: commands in, replies out, one at a time. */
export class Phones {
  private constructor(private readonly child: ChildProcess) {}

  static start(): Phones {
    const child = fork(path.join(__dirname, 'streamClients.ts'), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    return new Phones(child);
  }

  ask<K extends ClientReply['kind']>(command: ClientCommand, answer: K): Promise<Extract<ClientReply, { kind: K }>> {
    return new Promise((resolve) => {
      const listen = (message: ClientReply) => {
        if (message.kind !== answer) return;
        this.child.off('message', listen);
        resolve(message as Extract<ClientReply, { kind: K }>);
      };
      this.child.on('message', listen);
      this.child.send(command);
    });
  }

  async open(tag: string, url: string, count: number): Promise<void> {
    const opened = await this.ask({ kind: 'open', tag, url, count }, 'opened');
    if (opened.refused > 0) throw new Error(`${tag}: ${opened.refused} of ${count} streams refused or dropped`);
  }

  /** Until every stream of every open group has said `versions` versions. */
  async heard(versions: Record<string, number>): Promise<void> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const { fewest } = await this.ask({ kind: 'heard' }, 'heard');
      if (Object.entries(versions).every(([tag, count]) => (fewest[tag] ?? 0) >= count)) return;
      if (Date.now() > deadline)
        throw new Error(
          `the streams did not hear the upload: ${JSON.stringify(fewest)}, expected ${JSON.stringify(versions)}`,
        );
      await sleep(50);
    }
  }

  async close(tag: string): Promise<void> {
    await this.ask({ kind: 'close', tag }, 'closed');
  }

  stop(): void {
    this.child.disconnect();
  }
}
