import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { S3Settings } from '../../server/src/platform/storage/s3ObjectStore';

const ROOT = path.resolve(__dirname, '../..');

/**
 * A real S3-compatible server on 127.0.0.1 (s3rver from npm: it does not check signatures), with
 * one bucket, in a process of its own as a real bucket is: in the caller's process, a caller
 * that waited synchronously (a seed command run with spawnSync, say) froze the bucket its child
 * was talking to, and both waited for ever.
 */
export interface LocalS3 {
  settings: S3Settings;
  stop(): Promise<void>;
}

export async function startLocalS3(bucket = 'cabine-teste'): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(__dirname, 's3rverProcess.ts'), bucket, directory],
    {
      cwd: ROOT,
      env: { PATH: process.env.PATH },
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const ready = /^READY (\d+)$/m.exec(output);
      if (ready) resolve(Number(ready[1]));
    });
    child.once('exit', (code) => reject(new Error(`the local bucket exited (${code}) before answering`)));
  }).catch(async (error: unknown) => {
    fs.rmSync(directory, { recursive: true, force: true });
    throw error;
  });
  child.stdout?.resume();
  return {
    settings: {
      bucket,
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    },
    async stop() {
      // Its standard input closing is its signal to stop (as when this process dies).
      if (child.exitCode === null && child.signalCode === null) child.stdin?.end();
      await exited;
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
