import type { FastifyInstance } from 'fastify';
import { NAME_PATTERN, type MediaMode } from '../../../src/api/wire';
import { parseMediaPath } from '../../../src/lib/mediaPath';
import { eventCards, eventDetails, findEvent, findEventByPublicId } from '../domain/events';
import { deviceLastMedia, listMedia } from '../domain/media';
import { printCopy, validatePacks } from '../domain/packs';
import { badRequest, notFound, unauthorized } from '../http/errors';
import { sendText, splitList } from '../http/reply';
import { AGENT, DEVICE, HASH, LIST_SEGMENT, MEDIA_MODE, NAME, params } from '../http/schemas';
import type { AppContext } from './context';

/** Events, booth galleries, packs and printing: what a guest at an event uses. */
export function guestRoutes(app: FastifyInstance, { db }: AppContext): void {
  app.get<{ Params: { events: string; agent: string } }>(
    '/eventos/:events/:agent',
    { schema: { params: params({ events: LIST_SEGMENT, agent: AGENT }) }, config: { auth: 'optional' } },
    async (request) => {
      const names = splitList(request.params.events, 100).filter((name) => NAME_PATTERN.test(name) && name.length <= 64);
      return eventCards(db, names, request.identity !== null);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/evento/:id',
    { schema: { params: params({ id: NAME }) }, config: { auth: 'required' } },
    async (request) => {
      const event = await findEventByPublicId(db, request.params.id);
      if (!event) throw notFound('event_not_found', 'Evento não encontrado.');
      return eventDetails(event);
    },
  );

  app.get<{ Params: { bname: string; type: MediaMode } }>(
    '/all/:bname/:type',
    { schema: { params: params({ bname: NAME, type: MEDIA_MODE }) }, config: { auth: 'optional' } },
    async (request) => {
      const event = await findEvent(db, request.params.bname);
      if (!event) throw notFound('event_not_found', 'Evento não encontrado.');
      if (!event.visible && !request.identity) throw unauthorized('Este evento é privado. Faça login para ver as fotos.');
      return { product: await listMedia(db, event.name, request.params.type) };
    },
  );

  app.get<{ Params: { bname: string; device: string } }>(
    '/deviceLast/:bname/:device',
    { schema: { params: params({ bname: NAME, device: DEVICE }) } },
    async (request) => ({ product: await deviceLastMedia(db, request.params.bname, request.params.device) }),
  );

  app.get<{ Params: { hashes: string } }>(
    '/validatePacks/:hashes',
    { schema: { params: params({ hashes: LIST_SEGMENT }) } },
    async (request) => {
      const hashes = splitList(request.params.hashes, 50).filter((hash) => /^[A-Za-z0-9_-]{1,64}$/.test(hash));
      return validatePacks(db, hashes);
    },
  );

  app.get<{ Params: { packHash: string; printId: string } }>(
    '/print/:packHash/:printId',
    { schema: { params: params({ packHash: HASH, printId: { type: 'string', minLength: 1, maxLength: 1024 } }) } },
    async (request) => {
      const ref = parseMediaPath(request.params.printId);
      if (!ref) throw badRequest('invalid_print_id', 'Foto inválida para impressão.');
      const { copies } = await printCopy(db, request.params.packHash, ref);
      return { status: 'queued', copies };
    },
  );

  app.post<{ Body: Record<string, string> }>(
    '/landingForm',
    {
      schema: {
        body: {
          type: 'object',
          properties: {
            data: { type: 'string', maxLength: 40 },
            indicacao: { type: 'string', maxLength: 40 },
            evento: { type: 'string', maxLength: 200, pattern: '\\S' },
            email: { type: 'string', maxLength: 254 },
            instagram: { type: 'string', maxLength: 100 },
            tiktok: { type: 'string', maxLength: 100 },
            telefone: { type: 'string', maxLength: 40 },
            nome: { type: 'string', maxLength: 200, pattern: '\\S' },
            comentarios: { type: 'string', maxLength: 5000 },
            clientId: { type: 'string', pattern: '^[A-Za-z0-9_-]{8,64}$' },
          },
          required: ['nome', 'evento'],
          additionalProperties: false,
        },
      },
    },
    async (request, reply) => {
      const lead = request.body;
      const field = (name: string) => (lead[name] ?? '').trim();
      await db.query(
        `INSERT INTO leads (data, indicacao, evento, email, instagram, tiktok, telefone, nome, comentarios, client_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         ON CONFLICT (client_id) DO NOTHING`,
        [
          field('data'),
          field('indicacao'),
          field('evento'),
          field('email'),
          field('instagram'),
          field('tiktok'),
          field('telefone'),
          field('nome'),
          field('comentarios'),
          lead.clientId ?? null,
        ],
      );
      return sendText(reply, 'ok');
    },
  );
}
