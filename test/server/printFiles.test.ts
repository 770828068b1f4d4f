import crypto from 'node:crypto';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { parseMediaPath } from '../../contract/mediaPath';
import { siteOrigin } from '../../server/src/platform/config';
import { configuredMediaStorage, mediaKey } from '../../server/src/modules/media/storage/mediaStorage';
import { printFileKey } from '../../server/src/modules/print/storage/printFile';
import { purgeExpired } from '../../server/src/modules/privacy/privacy';
import { markPrintFileMade } from '../../server/src/modules/print/printJobs';
import { DEVICE_KEYS, jpeg, loadBasicSeed } from './support/fixtures';
import { newTeamMember, newUser, startTestServer, type TestServer } from './support/testServer';
import { DEVICE_PATHS } from '../../contract/devicePaths';
import type { PrintJob } from '../../contract/wire';

/**
 * A QR code on every print: a print job's file is the photo laid out for its event's
 * paper at 300 dpi, with the event's title and the photo's collect QR code, made by a job when the
 * print is asked for; the printer that took the job fetches it, and it goes once printed.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await loadBasicSeed(server);
});

afterAll(() => server.close());

/** The store the server keeps its files in (the data folder here). */
const store = () => configuredMediaStorage(server.config).objects;
const printer = { 'x-device-id': 'printer1', 'x-device-key': DEVICE_KEYS.printer };
const PHOTO = '/media/festa_ana/pad/a1.jpg';

/** A new photo of festa_ana's pad booth, as its camera sends it: its URL. */
async function uploaded(file: string): Promise<string> {
  const camera = { 'x-device-id': 'cam1', 'x-device-key': DEVICE_KEYS.camera };
  const sent = await server.call({
    method: 'POST',
    url: `${DEVICE_PATHS.media}?file=${file}`,
    headers: { ...camera, 'content-type': 'image/jpeg' },
    payload: await jpeg(320, 240),
  });
  expect(sent.statusCode).toBe(200);
  await server.jobsDone();
  return sent.json<{ url: string }>().url;
}

const jobOf = async (pack: string) =>
  (
    await server.db.query<{ id: string; status: string; file_made: boolean }>(
      'SELECT id, status, file_made FROM print_jobs WHERE pack_hash = $1',
      [pack],
    )
  ).rows[0];
const copiesOf = async (pack: string) =>
  (await server.db.query<{ copies: number }>('SELECT copies FROM packs WHERE hash = $1', [pack])).rows[0].copies;

let packNumber = 0;
async function print(url = PHOTO): Promise<string> {
  packNumber += 1;
  const pack = `PACKQR${packNumber}${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
  await server.db.query(`INSERT INTO packs (hash, event_name, copies) VALUES ($1, 'festa_ana', 1)`, [pack]);
  const asked = await server.call({
    method: 'GET',
    url: `/api/print/${pack}/${encodeURIComponent(url)}?request=p_${crypto.randomBytes(12).toString('hex')}`,
  });
  expect(asked.json()).toMatchObject({ status: 'queued', copies: 0 });
  return pack;
}

async function take(pack: string): Promise<PrintJob> {
  const jobs = (await server.call({ method: 'GET', url: DEVICE_PATHS.printJobs, headers: printer })).json<PrintJob[]>();
  const job = jobs.find((one) => one.packHash === pack);
  if (!job) throw new Error(`no job of ${pack}`);
  return job;
}

/** What a print file's QR code says, read back from the file. */
async function qrOf(file: Buffer): Promise<string | null> {
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null;
}

describe("a print job's file", () => {
  it(`is made by its job as the print is asked for, laid out on 10x15 cm at 300 dpi, its QR code the photo's collect \
link`, async () => {
    const pack = await print();
    await server.jobsDone();
    const { rows } = await server.db.query<{ id: string; file_made: boolean }>(
      'SELECT id, file_made FROM print_jobs WHERE pack_hash = $1',
      [pack],
    );
    expect(rows[0].file_made).toBe(true);
    expect(await store().head(printFileKey(Number(rows[0].id)))).not.toBeNull();

    const job = await take(pack);
    expect(job.file).toBe(DEVICE_PATHS.printJobFile(job.id));
    const response = await server.call({ method: 'GET', url: job.file, headers: printer });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    const file = response.rawPayload;
    // The seed's photo is landscape: so is the page.
    expect(await sharp(file).metadata()).toMatchObject({ format: 'jpeg', width: 1772, height: 1181, density: 300 });
    const link = await qrOf(file);
    expect(link).toBe(`${siteOrigin(server.config)}/collect?id=${encodeURIComponent(PHOTO)}`);
    // It opens the collect page of that very photo.
    const opened = new URL(link as string);
    expect(opened.pathname).toBe('/collect');
    expect(parseMediaPath(opened.searchParams.get('id') ?? '')).toEqual({
      eventName: 'festa_ana',
      mode: 'pad',
      file: 'a1.jpg',
    });
  });

  it('is made at once when the printer asks before its job ran, and goes once printed', async () => {
    const pack = await print('/media/festa_ana/polaroid/p1.jpg');
    // Its job done first, then undone: as if the printer had asked before it ran.
    await server.jobsDone();
    const job = await take(pack);
    await server.db.query('UPDATE print_jobs SET file_made = false WHERE id = $1', [job.id]);
    await store().remove(printFileKey(job.id));
    const response = await server.call({ method: 'GET', url: job.file, headers: printer });
    expect(response.statusCode).toBe(200);
    expect(await qrOf(response.rawPayload)).toBe(
      `${siteOrigin(server.config)}/collect?id=${encodeURIComponent('/media/festa_ana/polaroid/p1.jpg')}`,
    );
    expect(await store().head(printFileKey(job.id))).not.toBeNull();

    expect(
      (await server.call({ method: 'POST', url: DEVICE_PATHS.printJobPrinted(job.id), headers: printer })).statusCode,
    ).toBe(200);
    expect(await store().head(printFileKey(job.id))).toBeNull();
    // Printed: nothing to print any more, and no copy made again.
    expect((await server.call({ method: 'GET', url: job.file, headers: printer })).statusCode).toBe(404);
    expect(await store().head(printFileKey(job.id))).toBeNull();
    await server.jobsDone();
  });

  it("is the printer's that took the job only", async () => {
    const pack = await print();
    await server.jobsDone();
    const { rows } = await server.db.query<{ id: string }>('SELECT id FROM print_jobs WHERE pack_hash = $1', [pack]);
    const file = DEVICE_PATHS.printJobFile(rows[0].id);
    // Not taken yet: no printer has it.
    expect((await server.call({ method: 'GET', url: file, headers: printer })).statusCode).toBe(404);
    expect((await server.call({ method: 'GET', url: file })).statusCode).toBe(401);
    const camera = { 'x-device-id': 'cam1', 'x-device-key': DEVICE_KEYS.camera };
    expect((await server.call({ method: 'GET', url: file, headers: camera })).statusCode).toBe(403);
    await take(pack);
    expect((await server.call({ method: 'GET', url: file, headers: printer })).statusCode).toBe(200);
    expect(
      (await server.call({ method: 'GET', url: DEVICE_PATHS.printJobFile('abc'), headers: printer })).statusCode,
    ).toBe(400);
  });

  it('goes with its job when the job fails (its photo erased): the retention sweep deletes what is left', async () => {
    const pack = await print();
    await server.jobsDone();
    const { rows } = await server.db.query<{ id: string }>('SELECT id FROM print_jobs WHERE pack_hash = $1', [pack]);
    const id = Number(rows[0].id);
    expect(await store().head(printFileKey(id))).not.toBeNull();
    // As an erasure fails a job whose photo went (modules/print/printJobs.ts failJobsWithoutMedia).
    await server.db.query("UPDATE print_jobs SET status = 'failed', failed_at = now() WHERE id = $1", [id]);
    await purgeExpired(server.db, configuredMediaStorage(server.config));
    expect(await store().head(printFileKey(id))).toBeNull();
    expect((await server.db.query('SELECT file_made FROM print_jobs WHERE id = $1', [id])).rows[0]).toEqual({
      file_made: false,
    });
  });

  it(`fails its job and gives the copy back when its photo cannot be laid out: the print-files job finds no \
image`, async () => {
    const url = await uploaded('quebrada.jpg');
    // The stored bytes are no longer an image (a broken disk, a bad copy between buckets).
    const ref = parseMediaPath(url);
    if (!ref) throw new Error(`not a media path: ${url}`);
    await store().put(mediaKey(ref), Buffer.from('isto não é uma foto'), { contentType: 'image/jpeg' });
    const pack = await print(url);
    await server.jobsDone();
    const job = await jobOf(pack);
    expect(job).toMatchObject({ status: 'failed', file_made: false });
    expect(await copiesOf(pack)).toBe(1);
    expect(await store().head(printFileKey(Number(job.id)))).toBeNull();
    // No printer is handed it.
    const jobs = (await server.call({ method: 'GET', url: DEVICE_PATHS.printJobs, headers: printer })).json<
      PrintJob[]
    >();
    expect(jobs.map((one) => one.packHash)).not.toContain(pack);
  });

  it(`fails its job once and tells the printer when the photo went from storage after the printer took \
it`, async () => {
    const url = await uploaded('sumida.jpg');
    const pack = await print(url);
    await server.jobsDone();
    const job = await take(pack);
    // Its file to be made again (as after a change of paper), and the photo's bytes gone from storage.
    await server.db.query('UPDATE print_jobs SET file_made = false WHERE id = $1', [job.id]);
    await store().remove(printFileKey(job.id));
    const ref = parseMediaPath(url);
    if (!ref) throw new Error(`not a media path: ${url}`);
    await store().remove(mediaKey(ref));
    const refused = await Promise.all(
      [1, 2].map(() => server.call({ method: 'GET', url: job.file, headers: printer })),
    );
    expect(refused.map((response) => response.statusCode)).toEqual([404, 404]);
    expect(refused.map((response) => response.json<{ message: string }>().message)).toContain(
      'Esta foto não pode mais ser impressa: a cópia voltou para o pack do convidado.',
    );
    expect((await jobOf(pack)).status).toBe('failed');
    expect(await copiesOf(pack)).toBe(1);
  });

  it('is made again for the new paper when the paper changes while its job waits in the queue', async () => {
    const team = await newTeamMember();
    const pack = await print();
    await server.jobsDone();
    expect((await jobOf(pack)).file_made).toBe(true);
    try {
      expect(
        (
          await server.call({
            method: 'PUT',
            url: '/api/events/festa_ana/impressao',
            token: team.token,
            payload: { paper: '13x18' },
          })
        ).statusCode,
      ).toBe(200);
      // A file still being made for the old paper when it changed is not taken as made.
      expect(await markPrintFileMade(server.db, Number((await jobOf(pack)).id), '10x15')).toBe(false);
      await server.jobsDone();
      expect((await jobOf(pack)).file_made).toBe(true);
      const job = await take(pack);
      const file = (await server.call({ method: 'GET', url: job.file, headers: printer })).rawPayload;
      // 13x18 cm at 300 dpi, landscape.
      expect(await sharp(file).metadata()).toMatchObject({ width: 2126, height: 1535, density: 300 });
    } finally {
      await server.call({
        method: 'PUT',
        url: '/api/events/festa_ana/impressao',
        token: team.token,
        payload: { paper: '10x15' },
      });
    }
  });

  it("follows the event's paper, which its owner or the team chooses", async () => {
    const team = await newTeamMember();
    const stranger = await newUser('outra-pessoa');
    expect(
      (await server.call({ method: 'GET', url: '/api/events/festa_ana/impressao', token: team.token })).json(),
    ).toEqual({ paper: '10x15' });
    expect(
      (
        await server.call({
          method: 'PUT',
          url: '/api/events/festa_ana/impressao',
          token: stranger.token,
          payload: { paper: '15x20' },
        })
      ).statusCode,
    ).toBe(403);
    const bad = await server.call({
      method: 'PUT',
      url: '/api/events/festa_ana/impressao',
      token: team.token,
      payload: { paper: 'A4' },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (await server.call({ method: 'GET', url: '/api/events/festa_ana/impressao', token: team.token })).json(),
    ).toEqual({ paper: '10x15' });

    const set = await server.call({
      method: 'PUT',
      url: '/api/events/festa_ana/impressao',
      token: team.token,
      payload: { paper: '15x20' },
    });
    expect(set.json()).toEqual({ paper: '15x20' });
    try {
      const pack = await print();
      await server.jobsDone();
      const job = await take(pack);
      const file = (await server.call({ method: 'GET', url: job.file, headers: printer })).rawPayload;
      expect(await sharp(file).metadata()).toMatchObject({ width: 2362, height: 1772, density: 300 });
      expect(await qrOf(file)).toBe(`${siteOrigin(server.config)}/collect?id=${encodeURIComponent(PHOTO)}`);
    } finally {
      await server.call({
        method: 'PUT',
        url: '/api/events/festa_ana/impressao',
        token: team.token,
        payload: { paper: '10x15' },
      });
    }
  });
});
