/**
 * The calls of 'A festa em números' (docs/api.md#the-party-in-numbers): the owner's figures and their CSV, and a
 * guest's share told; what each sends and how it reads the reply (endpointCases.ts).
 */
import { insightsApi } from '../../../src/features/account/insightsApi';
import { shareApi } from '../../../src/features/print/printApi';
import { describeEndpoints, type Case } from './endpointCases';

const NUMBERS = {
  bname: 'festa ana',
  taken: 1,
  booths: [{ mode: 'pad', device: 'cam1', taken: 1 }],
  collected: 0,
  shared: 0,
  downloaded: 0,
  printed: 0,
  copiesLeft: 0,
  faceSearches: 0,
  wallViews: 0,
  hours: [{ hour: '2026-09-20T21:00', taken: 1, collected: 0 }],
  top: [],
};

const cases: Case[] = [
  {
    name: 'getEventNumbers',
    run: (s) => s.dispatch(insightsApi.endpoints.getEventNumbers.initiate('festa ana')),
    method: 'GET',
    path: '/api/events/festa%20ana/numeros',
    auth: 'required',
    reply: { json: NUMBERS },
    data: NUMBERS,
  },
  {
    name: 'getEventNumbersCsv',
    run: (s) => s.dispatch(insightsApi.endpoints.getEventNumbersCsv.initiate('festa ana')),
    method: 'GET',
    path: '/api/events/festa%20ana/numeros/csv',
    auth: 'required',
    reply: { text: '\uFEFFEvento;festa ana\r\n', contentType: 'text/csv; charset=utf-8' },
    data: 'Evento;festa ana\r\n',
  },
  {
    name: 'tellShared',
    run: (s) => s.dispatch(shareApi.endpoints.tellShared.initiate('/media/festa_ana/pad/a 1.jpg')),
    method: 'POST',
    path: '/api/compartilhado',
    body: { url: '/media/festa_ana/pad/a 1.jpg' },
    auth: 'none',
    reply: { json: 'ok' },
    data: 'ok',
  },
];

describeEndpoints(cases);
