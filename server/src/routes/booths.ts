import crypto from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { ULTRA_SPEEDS, isUltraSong } from '../../../src/lib/ultra';
import {
  mirrorLastImage,
  mirrorModes,
  mirrorPrompts,
  mirrorRestart,
  mirrorSetMode,
  mirrorSetPrompt,
  mirrorStart,
  ultraConfigure,
  ultraLast,
} from '../domain/booths';
import { badRequest, unprocessable } from '../http/errors';
import { sendText } from '../http/reply';
import { AGENT, DEVICE, NAME, SEGMENT, params } from '../http/schemas';
import { writeFileDurably } from '../storage/durableWrite';
import type { AppContext } from './context';

type MirrorParams = { dh: string; sh: string; agent: string };
const MIRROR = { dh: DEVICE, sh: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' }, agent: AGENT };

const MAX_FACE_BYTES = 5 * 1024 * 1024;

/** The AI mirror, the 360 platform and face capture, as guests drive them from their phones. */
export function boothRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  const mirror = '/espelho/:dh/:sh/:agent';

  app.get<{ Params: MirrorParams }>(`${mirror}/start/0`, { schema: { params: params(MIRROR) } }, async (request, reply) => {
    const { dh, sh, agent } = request.params;
    await mirrorStart(db, dh, sh, agent);
    return sendText(reply, 'start_ok');
  });

  app.get<{ Params: MirrorParams & { mode: string } }>(
    `${mirror}/mode/:mode`,
    { schema: { params: params({ ...MIRROR, mode: SEGMENT }) } },
    async (request, reply) => {
      const { dh, sh, agent, mode } = request.params;
      await mirrorSetMode(db, dh, sh, agent, mode);
      return sendText(reply, 'mode_ok');
    },
  );

  app.get<{ Params: MirrorParams & { prompt: string } }>(
    `${mirror}/prompt/:prompt`,
    { schema: { params: params({ ...MIRROR, prompt: { type: 'string', minLength: 1, maxLength: 500 } }) } },
    async (request, reply) => {
      const { dh, sh, agent, prompt } = request.params;
      // eslint-disable-next-line no-control-regex -- control characters are what is refused
      if (/[\u0000-\u001f]/.test(prompt)) throw badRequest('invalid_prompt', 'Texto inválido.');
      await mirrorSetPrompt(db, dh, sh, agent, prompt.trim());
      return sendText(reply, 'prompt_ok');
    },
  );

  app.get<{ Params: MirrorParams }>(`${mirror}/get_last_image/0`, { schema: { params: params(MIRROR) } }, async (request, reply) => {
    const { dh, sh, agent } = request.params;
    return sendText(reply, await mirrorLastImage(db, dh, sh, agent));
  });

  app.get<{ Params: MirrorParams }>(`${mirror}/restart/0`, { schema: { params: params(MIRROR) } }, async (request, reply) => {
    const { dh, sh, agent } = request.params;
    await mirrorRestart(db, dh, sh, agent);
    return sendText(reply, 'restart_ok');
  });

  app.get<{ Params: MirrorParams }>(`${mirror}/get_modes/0`, { schema: { params: params(MIRROR) } }, async (request) =>
    mirrorModes(db, request.params.dh),
  );

  app.get<{ Params: MirrorParams & { mode: string } }>(
    `${mirror}/get_prompts/:mode`,
    { schema: { params: params({ ...MIRROR, mode: SEGMENT }) } },
    async (request) => mirrorPrompts(db, request.params.dh, request.params.mode),
  );

  app.get<{ Params: { device: string; bname: string } }>(
    '/ultraLast/:device/:bname',
    { schema: { params: params({ device: DEVICE, bname: NAME }) } },
    async (request, reply) => {
      const result = await ultraLast(db, request.params.device, request.params.bname);
      return result === 'in_session' ? sendText(reply, result) : result;
    },
  );

  app.get<{ Params: { device: string; qrid: string; speed: string; music: string } }>(
    '/ultraStartConfig/:device/:qrid/:speed/:music',
    {
      schema: {
        params: params({
          device: DEVICE,
          qrid: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
          speed: { type: 'string', enum: ULTRA_SPEEDS.map(String) },
          music: { type: 'string', maxLength: 64 },
        }),
      },
    },
    async (request, reply) => {
      const { device, qrid, speed, music } = request.params;
      if (!isUltraSong(music)) throw badRequest('unknown_song', 'Música desconhecida.');
      await ultraConfigure(db, device, qrid, Number(speed), music);
      return sendText(reply, 'success');
    },
  );

  app.post<{ Params: { name: string }; Body: { poligram: string } }>(
    '/uploadFace/:name',
    {
      bodyLimit: Math.ceil(MAX_FACE_BYTES * 1.4),
      schema: {
        params: params({ name: { type: 'string', minLength: 1, maxLength: 100 } }),
        body: {
          type: 'object',
          properties: { poligram: { type: 'string', maxLength: Math.ceil(MAX_FACE_BYTES * 1.37) } },
          required: ['poligram'],
        },
      },
    },
    async (request, reply) => {
      const match = /^data:image\/(jpeg|png|webp);base64,([A-Za-z0-9+/=]+)$/.exec(request.body.poligram);
      if (!match) throw badRequest('invalid_image', 'Imagem inválida.');
      const data = Buffer.from(match[2], 'base64');
      const image = await sharp(data).rotate().jpeg({ quality: 85 }).toBuffer().catch(() => null);
      if (!image) throw unprocessable('invalid_image', 'Imagem inválida.');
      const file = `${Date.now()}-${crypto.randomBytes(6).toString('hex')}.jpg`;
      await writeFileDurably(path.join(config.dataDir, 'faces', file), image);
      await db.query('INSERT INTO faces (name, file) VALUES ($1, $2)', [request.params.name.trim(), file]);
      return sendText(reply, 'ok');
    },
  );
}
