/**
 * The moderation calls of docs/api.md#moderation (the owner's and the team's): what each sends and how it reads the
 * reply (endpointCases.ts).
 */
import { moderationApi } from '../../../src/features/account/moderationApi';
import { describeEndpoints, type Case } from './endpointCases';

const page = {
  wallApproval: true,
  holdGalleries: false,
  waiting: 1,
  hidden: 0,
  media: [{ url: '/media/festa_ana/pad/a1.jpg', hidden: false, awaiting: true }],
  next: '41',
};

const cases: Case[] = [
  {
    name: 'getModeration',
    run: (s) =>
      s.dispatch(
        moderationApi.endpoints.getModeration.initiate({ eventName: 'festa_ana', filtro: 'fila', antes: '42' }),
      ),
    method: 'GET',
    path: '/api/events/festa_ana/moderacao',
    query: { filtro: 'fila', antes: '42' },
    auth: 'required',
    reply: { json: page },
    data: page,
  },
  {
    name: 'moderateMedium',
    run: (s) =>
      s.dispatch(
        moderationApi.endpoints.moderateMedium.initiate({
          eventName: 'festa_ana',
          url: '/media/festa_ana/pad/a1.jpg',
          action: 'hide',
        }),
      ),
    method: 'POST',
    path: '/api/events/festa_ana/moderacao',
    body: { url: '/media/festa_ana/pad/a1.jpg', action: 'hide' },
    auth: 'required',
    reply: { json: { url: '/media/festa_ana/pad/a1.jpg', hidden: true, awaiting: false } },
    data: { url: '/media/festa_ana/pad/a1.jpg', hidden: true, awaiting: false },
  },
  {
    name: 'setModerationSettings',
    run: (s) =>
      s.dispatch(
        moderationApi.endpoints.setModerationSettings.initiate({
          eventName: 'festa_ana',
          wallApproval: true,
          holdGalleries: true,
        }),
      ),
    method: 'PUT',
    path: '/api/events/festa_ana/moderacao/ajustes',
    body: { wallApproval: true, holdGalleries: true },
    auth: 'required',
    reply: { json: { wallApproval: true, holdGalleries: true, waiting: 0, hidden: 0 } },
    data: { wallApproval: true, holdGalleries: true, waiting: 0, hidden: 0 },
  },
];

describeEndpoints(cases);
