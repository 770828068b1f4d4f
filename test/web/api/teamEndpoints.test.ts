/**
 * The team's and the partners' calls of docs/api.md#the-contracts-calls (orders, devices, contracts, leads,
 * coupons): what each sends and how it reads the reply (endpointCases.ts).
 */
import { teamOrdersApi } from '../../../src/features/team/teamOrdersApi';
import { teamDevicesApi } from '../../../src/features/team/teamDevicesApi';
import { partnerApi } from '../../../src/features/partner/partnerApi';
import { leadsApi } from '../../../src/features/team/leadsApi';
import { teamApi } from '../../../src/features/team/teamApi';
import { describeEndpoints, type Case } from './endpointCases';

const cases: Case[] = [
  {
    name: 'getContracts',
    run: (s) => s.dispatch(partnerApi.endpoints.getContracts.initiate('parceiro_1')),
    method: 'GET',
    path: '/api/contracts/parceiro_1',
    auth: 'required',
    reply: { json: [{ title: 'C1', description: 'd', last: 'CUP1', discount: 0.1, kit: 'básico' }] },
    data: [{ title: 'C1', description: 'd', last: 'CUP1', discount: 0.1, kit: 'básico' }],
  },
  {
    name: 'launchCoupon',
    run: (s) =>
      s.dispatch(
        partnerApi.endpoints.launchCoupon.initiate({
          partner: 'parceiro_1',
          contractTitle: 'C1',
          lastCoupon: 'CUP1',
          discount: 0.1,
          kit: 'básico',
        }),
      ),
    method: 'POST',
    path: '/api/launch_coupon',
    body: { partner: 'parceiro_1', contractTitle: 'C1', lastCoupon: 'CUP1', discount: 0.1, kit: 'básico' },
    auth: 'required',
    reply: { text: 'success' },
    data: 'success',
  },
  {
    name: 'checkTeam',
    run: (s) => s.dispatch(teamApi.endpoints.checkTeam.initiate()),
    method: 'GET',
    path: '/api/check_team',
    auth: 'required',
    reply: { text: 'ok' },
    data: 'ok',
  },
  {
    name: 'loadTeamOrders',
    run: (s) => s.dispatch(teamOrdersApi.endpoints.loadTeamOrders.initiate()),
    method: 'GET',
    path: '/api/team_orders',
    auth: 'required',
    reply: { json: [] },
    data: [],
  },
  {
    name: 'settleTeamOrder',
    run: (s) =>
      s.dispatch(teamOrdersApi.endpoints.settleTeamOrder.initiate({ orderId: '123456789', status: 'approved' })),
    method: 'POST',
    path: '/api/team_orders/123456789',
    body: { status: 'approved' },
    auth: 'required',
    reply: { text: 'ok' },
    data: 'ok',
  },
  {
    name: 'loadTeamDevices',
    run: (s) => s.dispatch(teamDevicesApi.endpoints.loadTeamDevices.initiate()),
    method: 'GET',
    path: '/api/team/devices',
    auth: 'required',
    reply: { json: [] },
    data: [],
  },
  {
    name: 'makeDeviceKey',
    run: (s) => s.dispatch(teamDevicesApi.endpoints.makeDeviceKey.initiate({ id: 'cabine-pad' })),
    method: 'POST',
    path: '/api/team/devices/cabine-pad/key',
    auth: 'required',
    reply: { json: { id: 'cabine-pad', key: 'chave' } },
    data: { id: 'cabine-pad', key: 'chave' },
  },
  {
    name: 'getDeals',
    run: (s) => s.dispatch(partnerApi.endpoints.getDeals.initiate('parceiro_1')),
    method: 'GET',
    path: '/api/deals/parceiro_1',
    auth: 'required',
    reply: { json: [] },
    data: [],
  },
  {
    name: 'getCouponMonths',
    run: (s) => s.dispatch(partnerApi.endpoints.getCouponMonths.initiate('parceiro_1')),
    method: 'GET',
    path: '/api/deals/parceiro_1/coupons',
    auth: 'required',
    reply: { json: [{ coupon: 'P-1', contractTitle: 'C1', months: [] }] },
    data: [{ coupon: 'P-1', contractTitle: 'C1', months: [] }],
  },
  {
    name: 'createContract',
    run: (s) =>
      s.dispatch(
        teamApi.endpoints.createContract.initiate({
          partner: 'p1',
          duration: 30,
          rate: 10,
          discount: 5,
          kit: 'k',
          n_coupons: 3,
        }),
      ),
    method: 'POST',
    path: '/api/create_contract',
    body: { partner: 'p1', duration: 30, rate: 10, discount: 5, kit: 'k', n_coupons: 3 },
    auth: 'required',
    reply: { json: { message: 'Contract created' } },
    data: { message: 'Contract created' },
  },
  {
    name: 'checkPartnerName',
    run: (s) => s.dispatch(teamApi.endpoints.checkPartnerName.initiate('novo parceiro')),
    method: 'GET',
    path: '/api/check_bname_partner/novo%20parceiro',
    auth: 'optional',
    reply: { text: 'wrong' },
    data: 'wrong',
  },
  {
    name: 'authorizeHash',
    run: (s) => s.dispatch(teamApi.endpoints.authorizeHash.initiate({ partnerName: 'parceiro_1', hash: 'lq2x3abcde' })),
    method: 'POST',
    path: '/api/authorize_hash',
    body: { partnerName: 'parceiro_1', hash: 'lq2x3abcde' },
    auth: 'required',
    reply: { text: 'ok' },
    data: 'ok',
  },
  {
    name: 'getLeads',
    run: (s) => s.dispatch(leadsApi.endpoints.getLeads.initiate()),
    method: 'GET',
    path: '/api/leads',
    auth: 'required',
    reply: { json: [{ id: 1, createdAt: '2026-11-22T00:00:00.000Z', nome: 'Ana', evento: 'Casamento' }] },
    data: [{ id: 1, createdAt: '2026-11-22T00:00:00.000Z', nome: 'Ana', evento: 'Casamento' }],
  },
  {
    name: 'authorizePartner',
    run: (s) =>
      s.dispatch(partnerApi.endpoints.authorizePartner.initiate({ partnerName: 'parceiro_1', hash: 'lq2x3abcde' })),
    method: 'POST',
    path: '/api/authorize_partner',
    body: { hash: 'lq2x3abcde', partnerName: 'parceiro_1' },
    auth: 'required',
    reply: { text: 'ok' },
    data: 'ok',
  },
];

describeEndpoints(cases);
