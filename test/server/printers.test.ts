import crypto from 'node:crypto';
import { DEVICE_KEYS, loadBasicSeed } from './support/fixtures';
import { newTeamMember, newUser, startTestServer, type TestServer } from './support/testServer';
import { DEVICE_PATHS } from '../../contract/devicePaths';
import type { PrintJob } from '../../contract/wire';

/**
 * A printer guests can trust: the printer says its state and each job's outcome; one
 * not heard from for a minute is offline; a printer that is not ready takes nothing; a failed job
 * gives its copy back exactly once; the guest's status says how the printer is while the print
 * waits; the owner and the team see every printer of the event and its queue.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await loadBasicSeed(server);
});

afterAll(() => server.close());

const printer = { 'x-device-id': 'printer1', 'x-device-key': DEVICE_KEYS.printer };
const camera = { 'x-device-id': 'cam1', 'x-device-key': DEVICE_KEYS.camera };
const PHOTO = encodeURIComponent('/media/festa_ana/pad/a1.jpg');

const say = (state: string, headers: Record<string, string> = printer) =>
  server.call({ method: 'POST', url: DEVICE_PATHS.printerState, headers, payload: { state } });
const take = async () =>
  (await server.call({ method: 'GET', url: DEVICE_PATHS.printJobs, headers: printer })).json<PrintJob[]>();
const copiesOf = async (hash: string) =>
  (await server.db.query<{ copies: number }>('SELECT copies FROM packs WHERE hash = $1', [hash])).rows[0].copies;

let packNumber = 0;
/** A guest's print from a new pack of 2 copies: the pack, the request's id and the print's own answer. */
async function print(): Promise<{
  pack: string;
  request: string;
  answer: { status: string; copies: number; printer?: string; ahead?: number };
}> {
  packNumber += 1;
  const pack = `PACKPR${packNumber}${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
  await server.db.query(`INSERT INTO packs (hash, event_name, copies) VALUES ($1, 'festa_ana', 2)`, [pack]);
  const request = `p_${crypto.randomBytes(12).toString('hex')}`;
  const answer = (await server.call({ method: 'GET', url: `/api/print/${pack}/${PHOTO}?request=${request}` })).json<{
    status: string;
    copies: number;
  }>();
  expect(answer).toMatchObject({ status: 'queued', copies: 1 });
  return { pack, request, answer };
}
const statusOf = async ({ pack, request }: { pack: string; request: string }) =>
  (await server.call({ method: 'GET', url: `/api/printStatus/${pack}/${request}` })).json<{
    status: string;
    copies: number;
    printer?: string;
  }>();

afterEach(async () => {
  // Each test starts with the printer ready and nothing queued or printing.
  await say('ready');
  await server.jobsDone();
  await server.db.query(
    "UPDATE print_jobs SET status = 'printed', printed_at = now() WHERE status IN ('queued', 'printing')",
  );
});

describe("a printer's state", () => {
  it('out of paper, it takes nothing and the guest is told so; ready again, it takes the job', async () => {
    expect((await say('out_of_paper')).json()).toEqual({ state: 'out_of_paper' });
    const asked = await print();
    // The print's own answer says it already: the guest's first words are true.
    expect(asked.answer).toEqual({ status: 'queued', copies: 1, printer: 'out_of_paper' });
    expect(await take()).toEqual([]);
    expect(await statusOf(asked)).toEqual({ status: 'queued', copies: 1, printer: 'out_of_paper' });

    await say('ready');
    expect(await statusOf(asked)).toEqual({ status: 'queued', copies: 1 });
    const jobs = await take();
    expect(jobs.map((job) => job.packHash)).toEqual([asked.pack]);
    expect(await statusOf(asked)).toEqual({ status: 'printing', copies: 1 });
  });

  it('a print behind others says how many go first, in its answer and its status', async () => {
    const first = await print();
    expect(first.answer).toEqual({ status: 'queued', copies: 1 });
    const second = await print();
    expect(second.answer).toEqual({ status: 'queued', copies: 1, ahead: 1 });
    const third = await print();
    expect(await statusOf(third)).toEqual({ status: 'queued', copies: 1, ahead: 2 });
    // The printer takes them all: printing, nothing is ahead any more.
    await take();
    expect(await statusOf(third)).toEqual({ status: 'printing', copies: 1 });
  });

  it('is offline once the printer has not been heard from for a minute', async () => {
    const asked = await print();
    await server.db.query(
      "UPDATE printer_states SET seen_at = now() - interval '61 seconds' WHERE device_id = 'printer1'",
    );
    expect((await statusOf(asked)).printer).toBe('offline');
    // Asking for jobs is being heard from.
    const [job] = await take();
    expect((await statusOf(asked)).status).toBe('printing');
    // So is fetching a file or saying a job is printed: a printer busy with a long batch is not offline.
    const waiting = await print();
    await server.db.query(
      "UPDATE printer_states SET seen_at = now() - interval '61 seconds' WHERE device_id = 'printer1'",
    );
    expect((await statusOf(waiting)).printer).toBe('offline');
    expect(
      (await server.call({ method: 'POST', url: DEVICE_PATHS.printJobPrinted(job.id), headers: printer })).statusCode,
    ).toBe(200);
    expect(await statusOf(waiting)).toEqual({ status: 'queued', copies: 1 });
  });

  it(`jammed while it holds jobs, it puts them back in the queue: their guests read why, and they print once it is \
ready`, async () => {
    const asked = await print();
    const [job] = await take();
    expect(await statusOf(asked)).toEqual({ status: 'printing', copies: 1 });
    expect((await say('jammed')).statusCode).toBe(200);
    expect(await statusOf(asked)).toEqual({ status: 'queued', copies: 1, printer: 'jammed' });
    // Its file is made again (the paper may have changed while the printer held it).
    await server.jobsDone();
    expect((await server.db.query('SELECT file_made FROM print_jobs WHERE id = $1', [job.id])).rows[0]).toEqual({
      file_made: true,
    });
    // Its report of the job it no longer holds changes nothing; no copy is spent or given back.
    expect(
      (await server.call({ method: 'POST', url: DEVICE_PATHS.printJobPrinted(job.id), headers: printer })).statusCode,
    ).toBe(404);
    expect(await copiesOf(asked.pack)).toBe(1);
    expect(await take()).toEqual([]);

    await say('ready');
    const again = await take();
    expect(again.map((one) => one.id)).toEqual([job.id]);
    expect(
      (await server.call({ method: 'POST', url: DEVICE_PATHS.printJobPrinted(job.id), headers: printer })).statusCode,
    ).toBe(200);
    expect(await statusOf(asked)).toEqual({ status: 'printed', copies: 1 });
  });

  it('gone quiet with a job it took, the guest reads that it has no connection, not that it prints', async () => {
    const asked = await print();
    await take();
    await server.db.query(
      "UPDATE printer_states SET seen_at = now() - interval '61 seconds' WHERE device_id = 'printer1'",
    );
    expect(await statusOf(asked)).toEqual({ status: 'printing', copies: 1, printer: 'offline' });
    await take();
    expect(await statusOf(asked)).toEqual({ status: 'printing', copies: 1 });
  });

  it('is refused anything but its four states, and from anyone but a printer', async () => {
    const bad = await say('on_fire');
    expect(bad.statusCode).toBe(400);
    expect((await say('jammed', camera)).statusCode).toBe(403);
    expect(
      (await server.call({ method: 'POST', url: DEVICE_PATHS.printerState, payload: { state: 'ready' } })).statusCode,
    ).toBe(401);
  });
});

describe('a failed job', () => {
  it('gives its copy back to the pack exactly once, and the guest reads that it failed', async () => {
    const asked = await print();
    const [job] = await take();
    expect(await copiesOf(asked.pack)).toBe(1);
    const failed = await server.call({
      method: 'POST',
      url: DEVICE_PATHS.printJobFailed(job.id),
      headers: printer,
    });
    expect(failed.json()).toEqual({ status: 'failed', copies: 2 });
    // Said again (a printer retrying its report), or said printed after: nothing changes.
    expect(
      (await server.call({ method: 'POST', url: DEVICE_PATHS.printJobFailed(job.id), headers: printer })).statusCode,
    ).toBe(404);
    expect(
      (await server.call({ method: 'POST', url: DEVICE_PATHS.printJobPrinted(job.id), headers: printer })).statusCode,
    ).toBe(404);
    expect(await copiesOf(asked.pack)).toBe(2);
    expect(await statusOf(asked)).toEqual({ status: 'failed', copies: 2 });
  });

  it('is only the printer that took it to fail; two reports at once give one copy back', async () => {
    const asked = await print();
    const [job] = await take();
    expect(
      (await server.call({ method: 'POST', url: DEVICE_PATHS.printJobFailed(job.id), headers: camera })).statusCode,
    ).toBe(403);
    const reports = await Promise.all(
      [1, 2, 3].map(() => server.call({ method: 'POST', url: DEVICE_PATHS.printJobFailed(job.id), headers: printer })),
    );
    expect(reports.map((report) => report.statusCode).sort()).toEqual([200, 404, 404]);
    expect(await copiesOf(asked.pack)).toBe(2);
  });
});

describe("the event's printers, for its owner and the team", () => {
  it('lists each printer with its state and the queue', async () => {
    const team = await newTeamMember();
    await say('out_of_ink');
    await print();
    const seen = await server.call({ method: 'GET', url: '/api/events/festa_ana/impressoras', token: team.token });
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toEqual({
      printers: [
        {
          device: 'printer1',
          name: 'Impressora',
          state: 'out_of_ink',
          seenAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        },
      ],
      queued: 1,
      printing: 0,
    });
    // A printer on no event prints every event's jobs: it is one of this event's printers too.
    await server.db.query(
      "INSERT INTO devices (id, kind, key_hash) VALUES ('printer-livre', 'printer', 'x') ON CONFLICT (id) DO NOTHING",
    );
    await server.db.query(
      "INSERT INTO printer_states (device_id, state) VALUES ('printer-livre', 'ready') ON CONFLICT (device_id) " +
        'DO NOTHING',
    );
    try {
      const both = (
        await server.call({ method: 'GET', url: '/api/events/festa_ana/impressoras', token: team.token })
      ).json<{
        printers: { device: string; name: string; state: string }[];
      }>();
      // Named as people read them, numbered when there are several: never the device's id.
      expect(both.printers.map(({ device, name, state }) => [device, name, state])).toEqual([
        ['printer-livre', 'Impressora 1', 'ready'],
        ['printer1', 'Impressora 2', 'out_of_ink'],
      ]);
    } finally {
      await server.db.query("DELETE FROM devices WHERE id = 'printer-livre'");
    }
    const stranger = await newUser('curiosa');
    expect(
      (await server.call({ method: 'GET', url: '/api/events/festa_ana/impressoras', token: stranger.token }))
        .statusCode,
    ).toBe(403);
  });

  it(`the team's device list gives each printer's state, its name, its event's title and the prints waiting for \
it`, async () => {
    const team = await newTeamMember();
    await say('jammed');
    await print();
    await print();
    const devices = (await server.call({ method: 'GET', url: '/api/team/devices', token: team.token })).json<
      { id: string; printer?: unknown }[]
    >();
    const title =
      (await server.db.query<{ title: string }>("SELECT title FROM events WHERE name = 'festa_ana'")).rows[0].title ||
      'festa_ana';
    expect(devices.find((device) => device.id === 'printer1')?.printer).toEqual({
      name: 'Impressora',
      eventTitle: title,
      state: 'jammed',
      waiting: 2,
      seenAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(devices.find((device) => device.id === 'cam1')).not.toHaveProperty('printer');
  });
});
