/**
 * `npm run bench:zip`: the server's memory while it streams a ZIP of BENCH_PHOTOS (500) photos
 * from the bucket (growth under 100 MB). The product starts as `npm start` does, with
 * its media in a bucket (s3rver); a second app server on the same database and bucket is the one
 * measured (its own process, nothing else in it). Its resident memory is read from /proc every
 * 50 ms before and during three downloads: a booth gallery's ZIP read as fast as it comes, the
 * same read slowly (a phone on venue Wi-Fi: the server must wait for it, not buffer), and
 * 'Minha Coleção' posted with the same photos. Prints, for each, the bytes, the time and the
 * memory above the server's own before it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { s3Env, startAppServer, stopAll, type RunningProcess } from './lib/appCluster';
import { startLocalS3, type LocalS3 } from './lib/localS3';
import { connectStackDatabase, stackDatabaseUrl } from './lib/stackDatabase';
import { startStackProcess, type StackProcess, stackFolder } from './lib/stackProcess';

const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 500);
/** How fast the slow reader takes the ZIP, bytes a second. */
const SLOW_BYTES_PER_S = Number(process.env.BENCH_SLOW_BPS ?? 40 * 1024 * 1024);
const EVENT = 'zip_bench';
const AIM_MB = 100;
const MB = 1024 * 1024;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The resident memory of a process, bytes (Linux). */
function rssOf(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb ?? 0) * 1024;
}

/** A 2,400x1,600 photo with grain (about a booth's size and weight): its JPEG bytes. */
async function boothPhoto(): Promise<Buffer> {
  const width = 2400;
  const height = 1600;
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 2654435761) >>> 24;
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function seed(dataDir: string, s3: LocalS3): Promise<number> {
  const photo = await boothPhoto();
  const { region, endpoint, forcePathStyle, credentials } = s3.settings;
  const client = new S3Client({ region, endpoint: endpoint ?? undefined, forcePathStyle, credentials });
  for (let start = 0; start < PHOTOS; start += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, PHOTOS - start) }, (_, i) =>
        client.send(
          new PutObjectCommand({
            Bucket: s3.settings.bucket,
            Key: `media/${EVENT}/pad/foto-${start + i}.jpg`,
            Body: photo,
          }),
        ),
      ),
    );
  }
  client.destroy();
  const db = await connectStackDatabase(dataDir);
  try {
    await db.query(`INSERT INTO events (name, public_id, devices) VALUES ($1, 'zip-bench-1', ARRAY['pad'])`, [EVENT]);
    await db.query(
      `INSERT INTO media (event_name, mode, file, kind, created_at)
       SELECT $1, 'pad', 'foto-' || n || '.jpg', 'image', now() + n * interval '1 millisecond' FROM generate_series(0,
         $2::int - 1) AS n`,
      [EVENT, PHOTOS],
    );
  } finally {
    await db.end();
  }
  return photo.length;
}

interface Measure {
  bytes: number;
  seconds: number;
  baseline: number;
  peak: number;
}

/**
 * Downloads `request` while sampling the server's memory; the reader takes at most `bytesPerS` (0: as fast as it
 * comes).
 */
async function measure(server: RunningProcess, request: () => Promise<Response>, bytesPerS = 0): Promise<Measure> {
  const pid = server.process.pid as number;
  const before: number[] = [];
  for (let i = 0; i < 20; i += 1) {
    before.push(rssOf(pid));
    await sleep(50);
  }
  const baseline = Math.max(...before);
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 50);
  const started = performance.now();
  let bytes = 0;
  try {
    const response = await request();
    if (!response.ok || !response.body) throw new Error(`download: ${response.status} ${await response.text()}`);
    for await (const chunk of response.body) {
      bytes += (chunk as Uint8Array).length;
      // Reading no faster than the slow phone: the rest waits in the server, or does not.
      if (bytesPerS > 0) {
        const due = (bytes / bytesPerS) * 1000 - (performance.now() - started);
        if (due > 0) await sleep(due);
      }
    }
  } finally {
    clearInterval(sampler);
  }
  return { bytes, seconds: (performance.now() - started) / 1000, baseline, peak };
}

function report(label: string, { bytes, seconds, baseline, peak }: Measure): boolean {
  const growth = (peak - baseline) / MB;
  console.log(
    `  ${label.padEnd(40)} ${(bytes / MB).toFixed(0).padStart(5)} MB in ${seconds.toFixed(1).padStart(5)} s   ` +
      `server ${(baseline / MB).toFixed(0)} MB before, peak ${(peak / MB).toFixed(0)} MB: +${growth.toFixed(1)} ` +
      `MB`,
  );
  return growth < AIM_MB;
}

async function main(): Promise<void> {
  const dir = stackFolder('bench-zip-');
  const dataDir = path.join(dir, 'data');
  let s3: LocalS3 | null = null;
  let stack: StackProcess | null = null;
  let server: RunningProcess | null = null;
  try {
    s3 = await startLocalS3('festa');
    const shared = {
      ...s3Env(s3.settings),
      DIST_DIR: path.join(dir, 'no-dist'),
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9',
    };
    stack = await startStackProcess({ ...shared, DATA_DIR: dataDir });
    const photoBytes = await seed(dataDir, s3);
    server = await startAppServer({
      ...shared,
      DATA_DIR: path.join(dir, 'measured'),
      DATABASE_URL: stackDatabaseUrl(dataDir),
    });
    const measured = server;
    const gallery = () => fetch(`${measured.url}/api/baixar/${EVENT}/pad`);
    const items = new URLSearchParams(
      Array.from({ length: PHOTOS }, (_, n) => ['itens', `/media/${EVENT}/pad/foto-${n}.jpg`]),
    );
    const collection = () =>
      fetch(`${measured.url}/api/baixar/colecao`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: items.toString(),
      });

    // Once, unmeasured: the server's code paths warmed up, as on a server that has been running.
    await measure(measured, gallery);
    console.log(
      `\nA ZIP of ${PHOTOS} photos of ${(photoBytes / MB).toFixed(2)} MB each, streamed from the bucket ` +
        `(server's resident memory, sampled every 50 ms)`,
    );
    const results = [
      report('booth gallery, read as fast as it comes', await measure(measured, gallery)),
      report(
        `booth gallery, read at ${(SLOW_BYTES_PER_S / MB).toFixed(0)} MB/s`,
        await measure(measured, gallery, SLOW_BYTES_PER_S),
      ),
      report("'Minha Coleção' (a form of 500 items)", await measure(measured, collection)),
    ];
    const met = results.every(Boolean);
    console.log(`  aim (growth under ${AIM_MB} MB): ${met ? 'met' : 'NOT met'}`);
    process.exitCode = met ? 0 : 1;
  } finally {
    await stopAll([server]);
    await stack?.interrupt();
    await s3?.stop();
    fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}

main().catch((error: unknown) => {
  console.error('bench:zip failed:');
  console.error(error);
  process.exitCode = 1;
});
