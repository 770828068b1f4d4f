import { photoWithFaces } from '../../../support/faceSelfies';
import { jpeg, mp4 } from '../fixtures';
import { device, ok, optional, presence } from './callers';
import { mirrorSession, next, server, takenPrintJob, ultraSession, upload } from './world';
import { DEVICE_PATHS } from '../../../../contract/devicePaths';
import { ownAgentOf, ownAgentOnly, ownAgentRequest } from './ownAgent';
import type { Row } from './callers';

/**
 * The access matrix's rows for the mirror, the 360 platform and the face screen as guests drive them from their
 * phones, and for the devices' own API.
 */
export const PHONE_AND_DEVICE_ROWS: Row[] = [
  // The mirror and the 360 platform, as guests drive them from their phones
  {
    route: 'GET /api/espelho/:dh/:sh/:agent/start/0',
    request: async () => {
      const session = await mirrorSession('open');
      return { method: 'GET', url: `${session.url}/start/0`, headers: session.headers };
    },
    expected: ownAgentOnly(ok('start_ok')),
  },
  {
    route: 'GET /api/espelho/:dh/:sh/:agent/mode/:mode',
    request: async () => {
      const session = await mirrorSession('started');
      return { method: 'GET', url: `${session.url}/mode/Anime`, headers: session.headers };
    },
    expected: ownAgentOnly(ok('mode_ok')),
  },
  {
    route: 'GET /api/espelho/:dh/:sh/:agent/prompt/:prompt',
    request: async () => {
      const session = await mirrorSession('mode');
      return { method: 'GET', url: `${session.url}/prompt/Ninja`, headers: session.headers };
    },
    expected: ownAgentOnly(ok('prompt_ok')),
  },
  {
    route: 'GET /api/espelho/:dh/:sh/:agent/get_last_image/0',
    request: async () => {
      const session = await mirrorSession('prompt');
      return { method: 'GET', url: `${session.url}/get_last_image/0`, headers: session.headers };
    },
    expected: ownAgentOnly(ok('no_image')),
  },
  {
    route: 'GET /api/espelho/:dh/:sh/:agent/restart/0',
    request: async () => {
      const session = await mirrorSession('started');
      return { method: 'GET', url: `${session.url}/restart/0`, headers: session.headers };
    },
    expected: ownAgentOnly(ok('restart_ok')),
  },
  {
    route: 'GET /api/espelho/:dh/:sh/:agent/get_modes/0',
    request: () => ownAgentRequest('GET', (agent) => `/api/espelho/mirror1/sessao0/${agent}/get_modes/0`),
    expected: ownAgentOnly(200),
  },
  {
    route: 'GET /api/espelho/:dh/:sh/:agent/get_prompts/:mode',
    request: () => ownAgentRequest('GET', (agent) => `/api/espelho/mirror1/sessao0/${agent}/get_prompts/Anime`),
    expected: ownAgentOnly(200),
  },
  {
    route: 'GET /api/ultraLast/:device/:bname',
    label: 'a public event',
    request: () => ({ method: 'GET', url: '/api/ultraLast/ultra1/festa_ana' }),
    expected: optional(200, 200),
  },
  {
    route: 'GET /api/ultraLast/:device/:bname',
    label: 'a private event',
    request: () => ({ method: 'GET', url: '/api/ultraLast/ultra2/privada' }),
    expected: presence(200),
  },
  {
    route: 'GET /api/ultraStartConfig/:device/:qrid/:speed/:music',
    request: async () => {
      const qrid = await ultraSession(false);
      return ownAgentRequest('GET', (agent) => `/api/ultraStartConfig/ultra1/${qrid}/20/Vem_Tremer?agent=${agent}`);
    },
    // The account of whoever configures it is granted the event (presence): a bad token is refused.
    expected: ownAgentOf(optional(ok('success'), ok('success'))),
  },
  {
    route: 'GET /api/ultraLast/:device/:bname',
    label: "a public event, naming the visitor's agent",
    request: () => ownAgentRequest('GET', (agent) => `/api/ultraLast/ultra1/festa_ana?agent=${agent}`),
    expected: ownAgentOf(optional(200, 200)),
  },
  {
    route: 'GET /api/agentResults/:agent',
    request: () => ownAgentRequest('GET', (agent) => `/api/agentResults/${agent}`),
    expected: ownAgentOnly(200),
  },
  {
    route: 'POST /api/uploadFace/:name',
    request: async () => {
      const agent = `agentef${next()}`;
      // From the visitor's own browser: its agent cookie names the agent the server vouches for.
      return {
        method: 'POST',
        url: `/api/uploadFace/${agent}`,
        headers: { cookie: server.visitorCookie(agent) },
        payload: { poligram: await photoWithFaces({ width: 320 }), consentimento: true },
      };
    },
    // The callers whose browsers send their own agent cookie: another agent's face is not theirs to send.
    expected: ownAgentOnly(200),
  },
  // The rest of the face screen's calls: the visitor's own, from their own browser.
  {
    route: 'GET /api/fotos-do-rosto/:agent',
    request: () => ownAgentRequest('GET', (agent) => `/api/fotos-do-rosto/${agent}?eventos=festa_ana`),
    expected: ownAgentOnly(200),
  },
  {
    route: 'POST /api/rostos-ocultos/:agent',
    label: 'no selfie kept',
    request: () => ownAgentRequest('POST', (agent) => `/api/rostos-ocultos/${agent}`),
    expected: ownAgentOnly(404),
  },
  {
    route: 'DELETE /api/rostos-ocultos/:agent',
    request: () => ownAgentRequest('DELETE', (agent) => `/api/rostos-ocultos/${agent}`),
    expected: ownAgentOnly(ok('ok')),
  },
  {
    route: 'POST /api/fotos-do-rosto/:agent/colecao',
    label: 'no selfie kept',
    request: () => ({
      ...ownAgentRequest('POST', (agent) => `/api/fotos-do-rosto/${agent}/colecao`),
      payload: { fotos: ['/media/festa_ana/pad/a1.jpg'] },
    }),
    // 'Pegar todas' collects only what the visitor's own kept selfie finds; a bad token is a 401.
    expected: ownAgentOf(optional(404, 404)),
  },
  {
    route: 'DELETE /api/faces/:agent',
    request: () => ownAgentRequest('DELETE', (agent) => `/api/faces/${agent}`),
    expected: ownAgentOnly(ok('ok')),
  },

  // The devices' own API (x-device-id and x-device-key)
  {
    route: `GET ${DEVICE_PATHS.me}`,
    request: () => ({ method: 'GET', url: DEVICE_PATHS.me }),
    expected: { ...device(200), otherDevice: 200 },
  },
  {
    route: `POST ${DEVICE_PATHS.media}`,
    needs: 'camera',
    request: async () => upload(`${DEVICE_PATHS.media}?file=matriz-${next()}.jpg`, 'image/jpeg', await jpeg()),
    expected: device(200),
  },
  {
    route: `GET ${DEVICE_PATHS.lastPhotoLink}`,
    needs: 'camera',
    request: () => ({ method: 'GET', url: DEVICE_PATHS.lastPhotoLink }),
    expected: device(200),
  },
  {
    route: `GET ${DEVICE_PATHS.printJobs}`,
    needs: 'printer',
    request: () => ({ method: 'GET', url: DEVICE_PATHS.printJobs }),
    expected: device(200),
  },
  {
    route: `POST ${DEVICE_PATHS.printerState}`,
    needs: 'printer',
    request: () => ({ method: 'POST', url: DEVICE_PATHS.printerState, payload: { state: 'ready' } }),
    expected: device(200),
  },
  {
    route: `POST ${DEVICE_PATHS.printJobFailed(':id')}`,
    needs: 'printer',
    request: async () => ({ method: 'POST', url: DEVICE_PATHS.printJobFailed(await takenPrintJob()) }),
    expected: device(200),
  },
  {
    // The printer that took the job gets its file (test/server/printFiles.test.ts): here a job each caller's printer
    // took.
    route: `GET ${DEVICE_PATHS.printJobFile(':id')}`,
    needs: 'printer',
    request: async () => ({ method: 'GET', url: DEVICE_PATHS.printJobFile(await takenPrintJob()) }),
    expected: device(200),
  },
  {
    route: `POST ${DEVICE_PATHS.printJobPrinted(':id')}`,
    needs: 'printer',
    request: async () => ({ method: 'POST', url: DEVICE_PATHS.printJobPrinted(await takenPrintJob()) }),
    expected: device(ok({ status: 'printed' })),
    view: (response) => response.json(),
  },
  {
    route: `POST ${DEVICE_PATHS.mirrorSession}`,
    needs: 'mirror',
    request: () => ({ method: 'POST', url: DEVICE_PATHS.mirrorSession, payload: { sessionHash: `sessao${next()}` } }),
    expected: device(200),
  },
  {
    route: `GET ${DEVICE_PATHS.mirrorJob}`,
    needs: 'mirror',
    request: async () => (await mirrorSession('prompt'), { method: 'GET', url: DEVICE_PATHS.mirrorJob }),
    expected: device(200),
  },
  {
    route: `POST ${DEVICE_PATHS.mirrorImage}`,
    needs: 'mirror',
    request: async () => upload(`${DEVICE_PATHS.mirrorImage}?file=espelho-${next()}.jpg`, 'image/jpeg', await jpeg()),
    expected: device(200),
  },
  {
    route: `POST ${DEVICE_PATHS.ultraSession}`,
    needs: 'ultra',
    request: () => ({ method: 'POST', url: DEVICE_PATHS.ultraSession, payload: { qrid: `giro${next()}` } }),
    expected: device(200),
  },
  {
    route: `GET ${DEVICE_PATHS.ultraSettings}`,
    needs: 'ultra',
    request: async () => (await ultraSession(true), { method: 'GET', url: DEVICE_PATHS.ultraSettings }),
    expected: device(200),
  },
  {
    route: `POST ${DEVICE_PATHS.ultraVideo}`,
    needs: 'ultra',
    request: () => upload(`${DEVICE_PATHS.ultraVideo}?file=giro-${next()}.mp4`, 'video/mp4', mp4()),
    expected: device(200),
  },
];
