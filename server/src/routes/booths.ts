import { Type } from '@sinclair/typebox';
import {
  FaceUpload,
  MAX_FACE_BYTES,
  MirrorImageReply,
  MirrorMode,
  MirrorPrompt,
  type MirrorReply,
  OkReply,
  StringEnum,
  UltraLastReply,
  UltraStartReply,
} from '../../../src/api/wire';
import { ULTRA_SPEEDS, isUltraSong } from '../../../src/lib/ultra';
import type { AppContext } from '../context';
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
import { invalid } from '../domain/errors';
import { saveFace } from '../domain/faces';
import { AGENT, DEVICE, NAME, SEGMENT, params, type Api } from '../http/schemas';

/** The mirror a QR code names (dh), the session on its screen (sh), and the visitor (agent). */
const MIRROR = { dh: DEVICE, sh: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' }), agent: AGENT };
const MIRROR_PARAMS = params(MIRROR);
const mirror = '/espelho/:dh/:sh/:agent';

/** The AI mirror, the 360 platform and face capture, as guests drive them from their phones. */
export function boothRoutes(app: Api, { db, config }: AppContext): void {
  const mirrorReply = (reply: MirrorReply) => ({ params: MIRROR_PARAMS, response: { 200: Type.Literal(reply) } });

  app.get(`${mirror}/start/0`, { schema: mirrorReply('start_ok') }, async (request) => {
    const { dh, sh, agent } = request.params;
    await mirrorStart(db, dh, sh, agent);
    return 'start_ok' as const;
  });

  app.get(
    `${mirror}/mode/:mode`,
    { schema: { params: params({ ...MIRROR, mode: SEGMENT }), response: { 200: Type.Literal('mode_ok') } } },
    async (request) => {
      const { dh, sh, agent, mode } = request.params;
      await mirrorSetMode(db, dh, sh, agent, mode);
      return 'mode_ok' as const;
    },
  );

  app.get(
    `${mirror}/prompt/:prompt`,
    {
      schema: {
        params: params({ ...MIRROR, prompt: Type.String({ minLength: 1, maxLength: 500 }) }),
        response: { 200: Type.Literal('prompt_ok') },
      },
    },
    async (request) => {
      const { dh, sh, agent, prompt } = request.params;
      // eslint-disable-next-line no-control-regex -- control characters are what is refused
      if (/[\u0000-\u001f]/.test(prompt)) throw invalid('invalid_prompt', 'Texto inválido.');
      await mirrorSetPrompt(db, dh, sh, agent, prompt.trim());
      return 'prompt_ok' as const;
    },
  );

  app.get(
    `${mirror}/get_last_image/0`,
    { schema: { params: MIRROR_PARAMS, response: { 200: MirrorImageReply } } },
    async (request) => mirrorLastImage(db, request.params.dh, request.params.sh, request.params.agent),
  );

  app.get(`${mirror}/restart/0`, { schema: mirrorReply('restart_ok') }, async (request) => {
    const { dh, sh, agent } = request.params;
    await mirrorRestart(db, dh, sh, agent);
    return 'restart_ok' as const;
  });

  app.get(
    `${mirror}/get_modes/0`,
    { schema: { params: MIRROR_PARAMS, response: { 200: Type.Array(MirrorMode) } } },
    async (request) => mirrorModes(db, request.params.dh),
  );

  app.get(
    `${mirror}/get_prompts/:mode`,
    { schema: { params: params({ ...MIRROR, mode: SEGMENT }), response: { 200: Type.Array(MirrorPrompt) } } },
    async (request) => mirrorPrompts(db, request.params.dh, request.params.mode),
  );

  app.get(
    '/ultraLast/:device/:bname',
    { schema: { params: params({ device: DEVICE, bname: NAME }), response: { 200: UltraLastReply } } },
    async (request) => ultraLast(db, request.params.device, request.params.bname),
  );

  app.get(
    '/ultraStartConfig/:device/:qrid/:speed/:music',
    {
      schema: {
        params: params({
          device: DEVICE,
          qrid: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' }),
          speed: StringEnum(ULTRA_SPEEDS.map(String)),
          music: Type.String({ maxLength: 64 }),
        }),
        response: { 200: UltraStartReply },
      },
    },
    async (request) => {
      const { device, qrid, speed, music } = request.params;
      if (!isUltraSong(music)) throw invalid('unknown_song', 'Música desconhecida.');
      await ultraConfigure(db, device, qrid, Number(speed), music);
      return 'success' as const;
    },
  );

  app.post(
    '/uploadFace/:name',
    {
      bodyLimit: Math.ceil(MAX_FACE_BYTES * 1.4),
      schema: { params: params({ name: Type.String({ minLength: 1, maxLength: 100 }) }), body: FaceUpload, response: { 200: OkReply } },
    },
    async (request) => {
      await saveFace(db, config.dataDir, request.params.name, request.body.poligram);
      return 'ok' as const;
    },
  );
}
