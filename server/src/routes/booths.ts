import { Type } from '@sinclair/typebox';
import {
  AgentResultsReply,
  FaceSearchReply,
  FaceUpload,
  MAX_FACE_BYTES,
  MirrorImageReply,
  MirrorMode,
  MirrorPrompt,
  type MirrorReply,
  OkReply,
  StringEnum,
  UltraLastQuery,
  UltraLastReply,
  UltraStartQuery,
  UltraStartReply,
} from '../../../contract/wire';
import { IDENTIFIER_SOURCE } from '../../../contract/names';
import { ULTRA_SPEEDS, isUltraSong } from '../../../contract/ultra';
import type { AppContext } from '../context';
import { faceSearchEvents, forgetSelfie, hideFace, saveSelfie, searchFaces, selfieFace } from '../domain/faceSearch';
import { UnreadablePhoto } from '../faces/faceEngine';
import { eventMediaOpening } from '../http/mediaGate';
import { NAME_PATTERN } from '../../../contract/names';
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
import { forbidden, invalid, tooMany, unprocessable } from '../domain/errors';
import { apiViewer, openEvent } from '../http/eventGuard';
import { checkedFace, deleteFaces, FACE_UPLOADS_PER_AGENT, FACE_UPLOADS_PER_IP } from '../domain/faces';
import { takeRateSlot } from '../domain/rateLimit';
import { agentResults } from '../domain/results';
import { countedAddress } from '../http/clientAddress';
import { AGENT, DEVICE, NAME, SEGMENT, params, type Api } from '../http/schemas';
import { MIRROR_PROMPT_MAX_LENGTH } from '../../../contract/protocol';

/** The mirror a QR code names (dh), the session on its screen (sh), and the visitor (agent). */
const MIRROR = { dh: DEVICE, sh: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' }), agent: AGENT };
const MIRROR_PARAMS = params(MIRROR);
const mirror = '/espelho/:dh/:sh/:agent';

const AGENT_SOURCE = new RegExp(IDENTIFIER_SOURCE);
const FACE_WINDOW_SECONDS = 60;

/** The AI mirror, the 360 platform and face capture, as guests drive them from their phones. */
export function boothRoutes(app: Api, { db, storage, rateLimit, team, faces: faceEngine, mediaAccess }: AppContext): void {
  const { guard } = mediaAccess;
  const mirrorReply = (reply: MirrorReply) => ({ params: MIRROR_PARAMS, response: { 200: Type.Literal(reply) } });

  app.get(`${mirror}/start/0`, { schema: mirrorReply('start_ok') }, async (request) => {
    const { dh, sh, agent } = request.params;
    await mirrorStart(db, dh, sh, agent);
    return 'start_ok' as const;
  });

  app.get(`${mirror}/mode/:mode`, { schema: { params: params({ ...MIRROR, mode: SEGMENT }), response: { 200: Type.Literal('mode_ok') } } }, async (request) => {
    const { dh, sh, agent, mode } = request.params;
    await mirrorSetMode(db, dh, sh, agent, mode);
    return 'mode_ok' as const;
  });

  app.get(
    `${mirror}/prompt/:prompt`,
    {
      schema: {
        params: params({ ...MIRROR, prompt: Type.String({ minLength: 1, maxLength: MIRROR_PROMPT_MAX_LENGTH }) }),
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

  app.get(`${mirror}/get_last_image/0`, { schema: { params: MIRROR_PARAMS, response: { 200: MirrorImageReply } } }, async (request) =>
    mirrorLastImage(db, request.params.dh, request.params.sh, request.params.agent),
  );

  app.get(`${mirror}/restart/0`, { schema: mirrorReply('restart_ok') }, async (request) => {
    const { dh, sh, agent } = request.params;
    await mirrorRestart(db, dh, sh, agent);
    return 'restart_ok' as const;
  });

  app.get(`${mirror}/get_modes/0`, { schema: { params: MIRROR_PARAMS, response: { 200: Type.Array(MirrorMode) } } }, async (request) =>
    mirrorModes(db, request.params.dh),
  );

  app.get(
    `${mirror}/get_prompts/:mode`,
    { schema: { params: params({ ...MIRROR, mode: SEGMENT }), response: { 200: Type.Array(MirrorPrompt) } } },
    async (request) => mirrorPrompts(db, request.params.dh, request.params.mode),
  );

  app.get(
    '/ultraLast/:device/:bname',
    {
      schema: { params: params({ device: DEVICE, bname: NAME }), querystring: UltraLastQuery, response: { 200: UltraLastReply } },
      config: { auth: 'optional' },
    },
    async (request) => {
      const event = await openEvent(db, guard, request.params.bname, apiViewer(request, team));
      return ultraLast(db, request.params.device, event.name, request.query.agent ?? '');
    },
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
        querystring: UltraStartQuery,
        response: { 200: UltraStartReply },
      },
      config: { auth: 'optional' },
    },
    async (request) => {
      const { device, qrid, speed, music } = request.params;
      if (!isUltraSong(music)) throw invalid('unknown_song', 'Música desconhecida.');
      const event = await ultraConfigure(db, device, qrid, Number(speed), music, request.query.agent ?? '');
      // The QR code (qrid) is on the platform's screen at the venue: whoever configured its session
      // was there, and may follow it on ultraLast even when the event is not public.
      if (event) await guard.grant(event, apiViewer(request, team), 'booth');
      return 'success' as const;
    },
  );

  /** What the mirror and the 360 platform made for the visitor, even while their page was closed. */
  app.get('/agentResults/:agent', { schema: { params: params({ agent: AGENT }), response: { 200: AgentResultsReply } } }, async (request) => ({
    product: await agentResults(db, request.params.agent),
  }));

  app.post(
    '/uploadFace/:name',
    {
      bodyLimit: Math.ceil(MAX_FACE_BYTES * 1.4),
      schema: { params: params({ name: AGENT }), body: FaceUpload, response: { 200: FaceSearchReply } },
      // Per address and agent, in this server's memory; the database's count below holds across servers.
      config: { rateLimit: rateLimit('uploadFace') },
      // Counted before the body is read: a flood of uploads costs neither parsing nor decoding.
      onRequest: async (request, reply) => {
        const { name } = request.params as { name?: unknown };
        // A visitor's faces are counted per agent: only an agent the server vouches for is one (http/visitorAgent.ts).
        // (A name that is no agent at all is the schema's 400.)
        if (typeof name === 'string' && AGENT_SOURCE.test(name) && name !== request.visitorAgent) {
          throw forbidden('agent_not_vouched', 'Não reconhecemos este aparelho. Recarregue a página e tente de novo.');
        }
        const buckets = [{ key: `face:ip:${countedAddress(request.ip)}`, limit: FACE_UPLOADS_PER_IP }];
        if (typeof name === 'string' && AGENT_SOURCE.test(name)) buckets.push({ key: `face:agent:${name}`, limit: FACE_UPLOADS_PER_AGENT });
        if (!(await takeRateSlot(db, buckets, FACE_WINDOW_SECONDS))) {
          reply.header('Retry-After', String(FACE_WINDOW_SECONDS));
          throw tooMany('too_many_uploads', 'Muitas fotos enviadas em pouco tempo. Espere um minuto e tente de novo.');
        }
      },
    },
    async (request) => {
      const agent = request.params.name;
      // The selfie is read in memory and never stored (issue 28): only its face's descriptor is kept.
      const bytes = await checkedFace(request.body.poligram);
      const faces = await faceEngine.findFaces(bytes).catch((error: unknown) => {
        if (error instanceof UnreadablePhoto) throw unprocessable('invalid_image', 'Imagem inválida.');
        throw error;
      });
      const face = selfieFace(faces);
      if (!face)
        throw unprocessable('no_face', 'Não encontramos um rosto na foto. Tente com o rosto bem iluminado, sem óculos escuros, de frente para a câmera.');
      if (request.body.naoMeMostre) {
        await hideFace(db, agent, face.descriptor);
        return { found: [], searched: [], unavailable: [], hidden: true };
      }
      await saveSelfie(db, agent, face.descriptor);
      const asked = [...new Set(request.body.eventos ?? [])].filter((name) => NAME_PATTERN.test(name));
      const on = await faceSearchEvents(db, asked);
      const searched: string[] = [];
      for (const bname of asked) {
        // Only what the visitor may see, by the gate's own rule (a link-only event's guests, a private one's signed in).
        const opening = await eventMediaOpening(request, bname, mediaAccess);
        if (on.has(bname) && (opening === 'public' || opening === 'gated')) searched.push(bname);
      }
      const unavailable = asked.filter((name) => !on.has(name));
      const found = (await searchFaces(db, face.descriptor, searched, agent)).map(({ url, event }) => ({ url, event }));
      return { found, searched, unavailable, hidden: false };
    },
  );

  /** The visitor's faces, files and rows, and their selfie's descriptor, are deleted at their request. */
  app.delete('/faces/:agent', { schema: { params: params({ agent: AGENT }), response: { 200: OkReply } } }, async (request) => {
    await deleteFaces(db, storage.objects, request.params.agent);
    // And the selfie face search keeps for the session (issue 28): 'Apagar minhas fotos' takes it at once.
    await forgetSelfie(db, request.params.agent);
    return 'ok' as const;
  });
}
