import { Type } from '@sinclair/typebox';
import {
  AgentResultsReply,
  MirrorImageReply,
  MirrorMode,
  MirrorPrompt,
  type MirrorReply,
  StringEnum,
  UltraLastQuery,
  UltraLastReply,
  UltraStartQuery,
  UltraStartReply,
} from '../../../../../contract/wire';
import { ULTRA_SPEEDS, isUltraSong } from '../../../../../contract/ultra';
import type { AppContext } from '../../../platform/context';
import {
  mirrorLastImage,
  mirrorModes,
  mirrorPrompts,
  mirrorRestart,
  mirrorSetMode,
  mirrorSetPrompt,
  mirrorStart,
} from '../mirrorSessions';
import { ultraConfigure, ultraLast } from '../ultraSessions';
import { invalid } from '../../../platform/errors';
import { openEvent } from '../../events';
import { apiViewer } from '../../access';
import { agentResults } from '../results';
import { ownAgentIn } from '../../access';
import { AGENT, DEVICE, NAME, SEGMENT, params, type Api } from '../../../platform/http/schemas';
import { MIRROR_PROMPT_MAX_LENGTH } from '../../../../../contract/protocol';

/** The mirror a QR code names (dh), the session on its screen (sh), and the visitor (agent). */
const MIRROR = { dh: DEVICE, sh: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' }), agent: AGENT };
const MIRROR_PARAMS = params(MIRROR);
const mirror = '/espelho/:dh/:sh/:agent';

/**
 * The AI mirror and the 360 platform, as guests drive them from their phones (face capture:
 * modules/faces/http/faceSearchRoutes.ts).
 */
export function boothRoutes(app: Api, { db, team, mediaAccess: { guard } }: AppContext): void {
  const mirrorReply = (reply: MirrorReply) => ({ params: MIRROR_PARAMS, response: { 200: Type.Literal(reply) } });
  // The agent in a mirror's path, the query's and the results' are the browser's own: anyone else's is a 403.
  const ownPathAgent = ownAgentIn('params');
  const ownQueryAgent = ownAgentIn('query');

  app.get(`${mirror}/start/0`, { schema: mirrorReply('start_ok'), onRequest: ownPathAgent }, async (request) => {
    const { dh, sh, agent } = request.params;
    await mirrorStart(db, dh, sh, agent);
    return 'start_ok' as const;
  });

  app.get(
    `${mirror}/mode/:mode`,
    {
      schema: { params: params({ ...MIRROR, mode: SEGMENT }), response: { 200: Type.Literal('mode_ok') } },
      onRequest: ownPathAgent,
    },
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
        params: params({ ...MIRROR, prompt: Type.String({ minLength: 1, maxLength: MIRROR_PROMPT_MAX_LENGTH }) }),
        response: { 200: Type.Literal('prompt_ok') },
      },
      onRequest: ownPathAgent,
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
    { schema: { params: MIRROR_PARAMS, response: { 200: MirrorImageReply } }, onRequest: ownPathAgent },
    async (request) => mirrorLastImage(db, request.params.dh, request.params.sh, request.params.agent),
  );

  app.get(`${mirror}/restart/0`, { schema: mirrorReply('restart_ok'), onRequest: ownPathAgent }, async (request) => {
    const { dh, sh, agent } = request.params;
    await mirrorRestart(db, dh, sh, agent);
    return 'restart_ok' as const;
  });

  app.get(
    `${mirror}/get_modes/0`,
    { schema: { params: MIRROR_PARAMS, response: { 200: Type.Array(MirrorMode) } }, onRequest: ownPathAgent },
    async (request) => mirrorModes(db, request.params.dh),
  );

  app.get(
    `${mirror}/get_prompts/:mode`,
    {
      schema: { params: params({ ...MIRROR, mode: SEGMENT }), response: { 200: Type.Array(MirrorPrompt) } },
      onRequest: ownPathAgent,
    },
    async (request) => mirrorPrompts(db, request.params.dh, request.params.mode),
  );

  app.get(
    '/ultraLast/:device/:bname',
    {
      schema: {
        params: params({ device: DEVICE, bname: NAME }),
        querystring: UltraLastQuery,
        response: { 200: UltraLastReply },
      },
      config: { auth: 'optional' },
      onRequest: ownQueryAgent,
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
      onRequest: ownQueryAgent,
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
  app.get(
    '/agentResults/:agent',
    { schema: { params: params({ agent: AGENT }), response: { 200: AgentResultsReply } }, onRequest: ownPathAgent },
    async (request) => ({
      product: await agentResults(db, request.params.agent),
    }),
  );
}
