/**
 * The bucket of scripts/lib/localS3.ts, run as a process of its own: `s3rverProcess.ts BUCKET
 * FOLDER` serves s3rver on a free port of 127.0.0.1, prints `READY {port}` once it answers, and
 * stops when its standard input closes (its parent stopped it, or died) or on SIGTERM.
 */
import type { AddressInfo } from 'node:net';

/** s3rver ships no types: what is used of it here. */
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rverInstance;

async function main(): Promise<void> {
  const [bucket, directory] = process.argv.slice(2);
  if (!bucket || !directory) throw new Error('usage: s3rverProcess.ts BUCKET FOLDER');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const S3rver = require('s3rver') as S3rverConstructor;
  const instance = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await instance.run();
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void instance.close().finally(() => process.exit(0));
  };
  process.stdin.on('end', stop);
  process.stdin.on('close', stop);
  process.stdin.resume();
  process.on('SIGTERM', stop);
  process.stdout.write(`READY ${port}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
