import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { S3Settings } from '../../server/src/storage/s3ObjectStore';

/** s3rver ships no types: what the tests use of it. */
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

/** A real S3-compatible server on 127.0.0.1 (s3rver from npm: it does not check signatures), with one bucket. */
export interface LocalS3 {
  settings: S3Settings;
  stop(): Promise<void>;
}

export async function startLocalS3(bucket = 'cabine-teste'): Promise<LocalS3> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const S3rver = require('s3rver') as S3rverConstructor;
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  const instance = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await instance.run();
  return {
    settings: {
      bucket,
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    },
    async stop() {
      await instance.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
