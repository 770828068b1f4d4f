/**
 * The guest's calls of docs/api.md#the-contracts-calls (events, packs and prints, the booths' mirror and 360
 * platform, face search): what each sends and how it reads the reply (endpointCases.ts).
 */
import { accountSyncApi } from '../../../src/session/accountSyncApi';
import { collectApi } from '../../../src/features/collect/collectApi';
import { collectedApi } from '../../../src/features/collect/collectedApi';
import { eventsApi } from '../../../src/features/events/eventsApi';
import { faceApi } from '../../../src/features/face/faceApi';
import { mirrorApi } from '../../../src/features/mirror/mirrorApi';
import { packsApi } from '../../../src/session/packsApi';
import { printApi } from '../../../src/features/print/printApi';
import { ultraApi } from '../../../src/features/ultra/ultraApi';
import { describeEndpoints, type Case } from './endpointCases';

const FACE_REPLY = {
  selfie: true,
  hidden: false,
  found: [{ url: '/media/festa_ana/pad/a1.jpg', event: 'festa_ana' }],
  searched: ['festa_ana'],
  unavailable: ['outra'],
};
const session = { dh: 'cabine 1', sh: 'sh/2', agent: 'agent01xyz' };

const cases: Case[] = [
  {
    name: 'getEvent',
    run: (s) => s.dispatch(eventsApi.endpoints.getEvent.initiate('evt/../1 2')),
    method: 'GET',
    path: '/api/evento/evt%2F..%2F1%202',
    auth: 'required',
    reply: { json: { devices: ['pad', '360'], bname: 'festa_ana' } },
    data: { devices: ['pad', '360'], bname: 'festa_ana' },
  },
  {
    name: 'getBoothMedia',
    run: (s) => s.dispatch(eventsApi.endpoints.getBoothMedia.initiate({ eventName: 'festa ana?', type: '360' })),
    method: 'GET',
    path: '/api/all/festa%20ana%3F/360',
    auth: 'optional',
    reply: { json: { product: ['/media/festa/360/a.mp4'] } },
    data: { product: ['/media/festa/360/a.mp4'], version: null },
  },
  {
    name: 'getVisitedEvents',
    run: (s) =>
      s.dispatch(
        eventsApi.endpoints.getVisitedEvents.initiate({ events: ['festa_ana', 'bar#1'], agent: 'agent01xyz' }),
      ),
    method: 'GET',
    path: '/api/eventos/festa_ana%2Cbar%231/agent01xyz',
    auth: 'optional',
    reply: {
      json: [{ title: 'festa_ana', visible: true, profile: '/p.jpg', cover: '/c.jpg', photos: 3, devices: ['pad'] }],
    },
    data: [{ title: 'festa_ana', visible: true, profile: '/p.jpg', cover: '/c.jpg', photos: 3, devices: ['pad'] }],
  },
  {
    name: 'getVisitedEvents with no events',
    run: (s) => s.dispatch(eventsApi.endpoints.getVisitedEvents.initiate({ events: [], agent: 'agent01xyz' })),
    method: 'GET',
    path: '/api/eventos/-/agent01xyz',
    auth: 'optional',
    reply: { json: [] },
    data: [],
  },
  {
    name: 'validatePacks',
    run: (s) => s.dispatch(packsApi.endpoints.validatePacks.initiate(['H7K2', 'Q 9'])),
    method: 'GET',
    path: '/api/validatePacks/H7K2%2CQ%209',
    auth: 'none',
    reply: { json: ["{'H7K2': {'copies': 3, 'bname': 'festa_ana'}}", 'garbage'] },
    data: [{ hash: 'H7K2', copies: 3, bname: 'festa_ana' }],
  },
  {
    name: 'printCopy',
    run: (s) =>
      s.dispatch(printApi.endpoints.printCopy.initiate({ packHash: 'H7K2', printId: '/media/festa/pad/foto 1.jpg' })),
    method: 'GET',
    path: '/api/print/H7K2/%2Fmedia%2Ffesta%2Fpad%2Ffoto%201.jpg',
    auth: 'none',
    reply: { json: { status: 'queued', copies: 2 } },
    data: { status: 'queued', copies: 2 },
  },
  {
    name: 'addToAccount (packs)',
    run: (s) => s.dispatch(accountSyncApi.endpoints.addToAccount.initiate({ list: 'packs', value: 'H7K2' })),
    method: 'GET',
    path: '/api/modifyAccount/add/packs/H7K2',
    auth: 'required',
    reply: { text: 'ok' },
    data: 'ok',
  },
  {
    name: 'addToAccount (collection)',
    run: (s) =>
      s.dispatch(accountSyncApi.endpoints.addToAccount.initiate({ list: 'collection', value: '/media/a b/pad/x.jpg' })),
    method: 'GET',
    path: '/api/modifyAccount/add/collection/%2Fmedia%2Fa%20b%2Fpad%2Fx.jpg',
    auth: 'required',
    reply: { text: 'ok' },
    data: 'ok',
  },
  {
    name: 'getDeviceLast',
    run: (s) => s.dispatch(collectApi.endpoints.getDeviceLast.initiate({ eventName: 'festa_ana', device: 'cam 1' })),
    method: 'GET',
    path: '/api/deviceLast/festa_ana/cam%201',
    auth: 'optional',
    reply: { json: { product: [] } },
    data: { product: [] },
  },
  {
    name: 'tellCollected',
    run: (s) => s.dispatch(collectedApi.endpoints.tellCollected.initiate('/media/festa_ana/pad/a 1.jpg')),
    method: 'POST',
    path: '/api/coletado',
    body: { url: '/media/festa_ana/pad/a 1.jpg' },
    auth: 'none',
    reply: { text: 'ok' },
    data: 'ok',
  },
  {
    name: 'mirrorStart',
    run: (s) => s.dispatch(mirrorApi.endpoints.mirrorStart.initiate(session)),
    method: 'GET',
    path: '/api/espelho/cabine%201/sh%2F2/agent01xyz/start/0',
    auth: 'none',
    reply: { text: 'start_ok' },
    data: 'start_ok',
  },
  {
    name: 'mirrorSetMode',
    run: (s) => s.dispatch(mirrorApi.endpoints.mirrorSetMode.initiate({ ...session, mode: 'Anime/3D' })),
    method: 'GET',
    path: '/api/espelho/cabine%201/sh%2F2/agent01xyz/mode/Anime%2F3D',
    auth: 'none',
    reply: { text: 'mode_ok' },
    data: 'mode_ok',
  },
  {
    name: 'mirrorSendPrompt',
    run: (s) =>
      s.dispatch(
        mirrorApi.endpoints.mirrorSendPrompt.initiate({ ...session, prompt: 'um astronauta? 100% feliz #top' }),
      ),
    method: 'GET',
    path: '/api/espelho/cabine%201/sh%2F2/agent01xyz/prompt/um%20astronauta%3F%20100%25%20feliz%20%23top',
    auth: 'none',
    reply: { text: 'prompt_ok' },
    data: 'prompt_ok',
  },
  {
    name: 'mirrorLastImage (waiting)',
    run: (s) => s.dispatch(mirrorApi.endpoints.mirrorLastImage.initiate(session)),
    method: 'GET',
    path: '/api/espelho/cabine%201/sh%2F2/agent01xyz/get_last_image/0',
    auth: 'none',
    reply: { text: 'no_image' },
    data: 'no_image',
  },
  {
    name: 'mirrorRestart',
    run: (s) => s.dispatch(mirrorApi.endpoints.mirrorRestart.initiate(session)),
    method: 'GET',
    path: '/api/espelho/cabine%201/sh%2F2/agent01xyz/restart/0',
    auth: 'none',
    reply: { text: 'restart_ok' },
    data: 'restart_ok',
  },
  {
    name: 'mirrorModes',
    run: (s) => s.dispatch(mirrorApi.endpoints.mirrorModes.initiate(session)),
    method: 'GET',
    path: '/api/espelho/cabine%201/sh%2F2/agent01xyz/get_modes/0',
    auth: 'none',
    reply: { json: [{ title: 'Anime', description: 'd', icon: '/i.png', background: '#000' }] },
    data: [{ title: 'Anime', description: 'd', icon: '/i.png', background: '#000' }],
  },
  {
    name: 'mirrorPrompts',
    run: (s) => s.dispatch(mirrorApi.endpoints.mirrorPrompts.initiate({ ...session, mode: 'Anime' })),
    method: 'GET',
    path: '/api/espelho/cabine%201/sh%2F2/agent01xyz/get_prompts/Anime',
    auth: 'none',
    reply: { json: [{ title: 'Samurai', icon: '/s.png', background: '#111' }] },
    data: [{ title: 'Samurai', icon: '/s.png', background: '#111' }],
  },
  {
    name: 'uploadFace',
    run: (s) =>
      s.dispatch(
        faceApi.endpoints.uploadFace.initiate({
          agent: 'ana maria',
          image: 'data:image/jpeg;base64,AAAA',
          events: 'festa_ana,outra',
        }),
      ),
    method: 'POST',
    path: '/api/uploadFace/ana%20maria',
    body: { poligram: 'data:image/jpeg;base64,AAAA', consentimento: true, eventos: ['festa_ana', 'outra'] },
    auth: 'none',
    reply: { json: FACE_REPLY },
    data: FACE_REPLY,
  },
  {
    name: 'getFaceMatches',
    run: (s) =>
      s.dispatch(faceApi.endpoints.getFaceMatches.initiate({ agent: 'ana maria', events: 'festa_ana,outra' })),
    method: 'GET',
    path: '/api/fotos-do-rosto/ana%20maria',
    query: { eventos: 'festa_ana,outra' },
    auth: 'none',
    reply: { json: FACE_REPLY },
    data: FACE_REPLY,
  },
  {
    name: 'hideFace',
    run: (s) => s.dispatch(faceApi.endpoints.hideFace.initiate({ agent: 'ana maria', events: 'festa_ana,outra' })),
    method: 'POST',
    path: '/api/rostos-ocultos/ana%20maria',
    query: { eventos: 'festa_ana,outra' },
    auth: 'none',
    reply: { text: 'ok' },
    data: 'ok',
  },
  {
    name: 'unhideFace',
    run: (s) => s.dispatch(faceApi.endpoints.unhideFace.initiate('ana maria')),
    method: 'DELETE',
    path: '/api/rostos-ocultos/ana%20maria',
    auth: 'none',
    reply: { text: 'ok' },
    data: 'ok',
  },
  {
    name: 'collectFound',
    run: (s) =>
      s.dispatch(
        faceApi.endpoints.collectFound.initiate({ agent: 'ana maria', photos: ['/media/festa_ana/pad/a1.jpg'] }),
      ),
    method: 'POST',
    path: '/api/fotos-do-rosto/ana%20maria/colecao',
    body: { fotos: ['/media/festa_ana/pad/a1.jpg'] },
    auth: 'optional',
    reply: { json: { collected: ['/media/festa_ana/pad/a1.jpg'], refused: [] } },
    data: { collected: ['/media/festa_ana/pad/a1.jpg'], refused: [] },
  },
  {
    name: 'getUltraLast (in session)',
    run: (s) =>
      s.dispatch(
        ultraApi.endpoints.getUltraLast.initiate({
          device: 'plataforma 1',
          eventName: 'festa_ana',
          agent: 'agent0001',
        }),
      ),
    method: 'GET',
    path: '/api/ultraLast/plataforma%201/festa_ana',
    query: { agent: 'agent0001' },
    auth: 'optional',
    reply: { text: 'in_session' },
    data: 'in_session',
  },
  {
    name: 'getUltraLast (ready)',
    run: (s) =>
      s.dispatch(
        ultraApi.endpoints.getUltraLast.initiate({ device: 'p1', eventName: 'festa_ana', agent: 'agent0001' }),
      ),
    method: 'GET',
    path: '/api/ultraLast/p1/festa_ana',
    query: { agent: 'agent0001' },
    auth: 'optional',
    reply: { json: { product: ['/media/festa_ana/360/v.mp4'] } },
    data: { product: ['/media/festa_ana/360/v.mp4'] },
  },
  {
    name: 'startUltraConfig',
    run: (s) =>
      s.dispatch(
        ultraApi.endpoints.startUltraConfig.initiate({
          device: 'p1',
          qrid: 'q/1',
          speed: 40,
          music: 'Escolinha_do_Professor',
          agent: 'agent0001',
        }),
      ),
    method: 'GET',
    path: '/api/ultraStartConfig/p1/q%2F1/40/Escolinha_do_Professor',
    query: { agent: 'agent0001' },
    auth: 'none',
    reply: { text: 'success' },
    data: 'success',
  },
];

describeEndpoints(cases);
