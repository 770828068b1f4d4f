import type { FastifyInstance, FastifyRequest } from 'fastify';
import { mediaKind, mediaUrl, type MediaRef } from '../../../src/lib/mediaPath';
import type { MediaMode } from '../../../src/api/wire';
import {
  authenticateDevice,
  mirrorFinish,
  mirrorOpenSession,
  mirrorTakeJob,
  ultraFinish,
  ultraTakeSettings,
  type DeviceRow,
} from '../domain/booths';
import { insertMedia } from '../domain/media';
import { badRequest, forbidden, HttpError, notFound } from '../http/errors';
import { FILE_PATTERN } from '../../../src/lib/mediaPath';
import type { AppContext } from './context';

declare module 'fastify' {
  interface FastifyRequest {
    device: DeviceRow | null;
  }
}

const MAX_UPLOAD = 80 * 1024 * 1024;
const RAW_TYPES = ['application/octet-stream', 'image/jpeg', 'image/png', 'image/gif', 'image/webp', 'video/mp4', 'video/webm'];

interface PrintJobRow {
  id: number;
  pack_hash: string;
  event_name: string;
  mode: MediaMode;
  file: string;
}

function requireKind(request: FastifyRequest, ...kinds: DeviceRow['kind'][]): DeviceRow {
  const device = request.device;
  if (!device || !kinds.includes(device.kind)) throw forbidden('wrong_device', 'Este dispositivo não faz isso.');
  return device;
}

/**
 * The booths' own API (ARCHITECTURE section 4): each device sends `x-device-id` and
 * `x-device-key`. Cameras upload media, printers take print jobs, the mirror and the 360
 * platform pick up what guests asked for and post the result.
 */
export function deviceRoutes(app: FastifyInstance, { db, storage }: AppContext): void {
  app.addContentTypeParser(RAW_TYPES, { parseAs: 'buffer', bodyLimit: MAX_UPLOAD }, (_request, body, done) => done(null, body));
  app.decorateRequest('device', null);
  app.addHook('preHandler', async (request) => {
    const id = request.headers['x-device-id'];
    const key = request.headers['x-device-key'];
    if (typeof id !== 'string' || typeof key !== 'string' || id.length > 64 || key.length > 256) {
      throw new HttpError(401, 'device_unauthenticated', 'Dispositivo não autenticado.');
    }
    request.device = await authenticateDevice(db, id, key);
    if (!request.device) throw new HttpError(401, 'device_unauthenticated', 'Dispositivo não autenticado.');
  });

  async function storeUpload(device: DeviceRow, mode: MediaMode, file: string, body: unknown) {
    if (!device.event_name) throw badRequest('no_event', 'Este dispositivo não está ligado a um evento.');
    if (!Buffer.isBuffer(body)) throw badRequest('no_body', 'Envie o arquivo no corpo da requisição.');
    if (!FILE_PATTERN.test(file) || !mediaKind(file)) throw badRequest('invalid_media_name', 'Nome de arquivo inválido.');
    const ref: MediaRef = { bname: device.event_name, mode, file };
    const stored = await storage.save(ref, body);
    await insertMedia(db, { ...ref, ...stored, deviceId: device.id });
    return mediaUrl(ref);
  }

  app.get('/device/me', async (request) => {
    const device = requireKind(request, 'booth', 'printer', 'mirror', 'ultra');
    return { id: device.id, kind: device.kind, event: device.event_name, mode: device.mode };
  });

  app.post<{ Querystring: { file: string } }>(
    '/device/media',
    { schema: { querystring: { type: 'object', properties: { file: { type: 'string', maxLength: 128 } }, required: ['file'] } } },
    async (request) => {
      const device = requireKind(request, 'booth');
      if (!device.mode) throw badRequest('no_mode', 'Este dispositivo não tem um modo.');
      return { url: await storeUpload(device, device.mode as MediaMode, request.query.file, request.body) };
    },
  );

  app.get('/device/print-jobs', async (request) => {
    const printer = requireKind(request, 'printer');
    // Jobs claimed by a printer that died more than 10 minutes ago go back to the queue.
    const { rows } = await db.query<PrintJobRow>(
      `WITH next AS (
         SELECT j.id FROM print_jobs j JOIN media m ON m.id = j.media_id
          WHERE (j.status = 'queued' OR (j.status = 'printing' AND j.claimed_at < now() - interval '10 minutes'))
            AND ($2::text IS NULL OR m.event_name = $2)
          ORDER BY j.id LIMIT 10 FOR UPDATE OF j SKIP LOCKED)
       UPDATE print_jobs j SET status = 'printing', printer_id = $1, claimed_at = now()
         FROM next, media m WHERE j.id = next.id AND m.id = j.media_id
       RETURNING j.id, j.pack_hash, m.event_name, m.mode, m.file`,
      [printer.id, printer.event_name],
    );
    return rows
      .sort((a, b) => a.id - b.id)
      .map((row) => ({ id: row.id, packHash: row.pack_hash, url: mediaUrl({ bname: row.event_name, mode: row.mode, file: row.file }) }));
  });

  app.post<{ Params: { id: string } }>(
    '/device/print-jobs/:id/printed',
    { schema: { params: { type: 'object', properties: { id: { type: 'string', pattern: '^[1-9][0-9]{0,15}$' } }, required: ['id'] } } },
    async (request) => {
      const printer = requireKind(request, 'printer');
      const { rowCount } = await db.query(
        `UPDATE print_jobs SET status = 'printed', printed_at = now() WHERE id = $1 AND printer_id = $2 AND status = 'printing'`,
        [Number(request.params.id), printer.id],
      );
      if (!rowCount) throw notFound('job_not_found', 'Trabalho de impressão não encontrado.');
      return { status: 'printed' };
    },
  );

  app.post<{ Body: { sessionHash: string } }>(
    '/device/mirror/session',
    {
      schema: {
        body: { type: 'object', properties: { sessionHash: { type: 'string', pattern: '^[A-Za-z0-9_-]{6,64}$' } }, required: ['sessionHash'] },
      },
    },
    async (request) => {
      const device = requireKind(request, 'mirror');
      await mirrorOpenSession(db, device.id, request.body.sessionHash);
      return { status: 'idle' };
    },
  );

  app.get('/device/mirror/job', async (request, reply) => {
    const device = requireKind(request, 'mirror');
    const job = await mirrorTakeJob(db, device.id);
    return job ?? reply.code(204).send();
  });

  app.post<{ Querystring: { file: string } }>(
    '/device/mirror/image',
    { schema: { querystring: { type: 'object', properties: { file: { type: 'string', maxLength: 128 } }, required: ['file'] } } },
    async (request) => {
      const device = requireKind(request, 'mirror');
      const url = await storeUpload(device, (device.mode ?? 'feed') as MediaMode, request.query.file, request.body);
      await mirrorFinish(db, device.id, url);
      return { url };
    },
  );

  app.get('/device/ultra/settings', async (request, reply) => {
    const device = requireKind(request, 'ultra');
    const settings = await ultraTakeSettings(db, device.id);
    return settings ?? reply.code(204).send();
  });

  app.post<{ Querystring: { file: string } }>(
    '/device/ultra/video',
    { schema: { querystring: { type: 'object', properties: { file: { type: 'string', maxLength: 128 } }, required: ['file'] } } },
    async (request) => {
      const device = requireKind(request, 'ultra');
      const url = await storeUpload(device, '360', request.query.file, request.body);
      await ultraFinish(db, device.id, url);
      return { url };
    },
  );
}
