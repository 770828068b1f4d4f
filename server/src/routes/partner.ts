import type { FastifyInstance } from 'fastify';
import type { ContractPayload, InvitationPayload, LaunchCouponRequest } from '../../../src/api/wire';
import { caller, isTeamMember } from '../auth/guard';
import {
  acceptInvitation,
  assertPartnerAccess,
  authorizeHash,
  contractsOf,
  createContract,
  dealsOf,
  launchCoupon,
  partnerNameStatus,
} from '../domain/partners';
import { sendText } from '../http/reply';
import { HASH, NAME, SEGMENT, params } from '../http/schemas';
import type { AppContext } from './context';

const INVITATION_BODY = {
  type: 'object',
  properties: {
    partnerName: { type: 'string', pattern: '^[A-Za-z0-9_-]{3,64}$' },
    hash: { type: 'string', pattern: '^[a-z0-9]{6,64}$' },
  },
  required: ['partnerName', 'hash'],
  additionalProperties: false,
} as const;

/** Partners (contracts, coupons, deals, invitations) and the team's tools. */
export function partnerRoutes(app: FastifyInstance, { db, team }: AppContext): void {
  app.get<{ Params: { partner: string } }>(
    '/contracts/:partner',
    { schema: { params: params({ partner: NAME }) }, config: { auth: 'required' } },
    async (request) => {
      const identity = caller(request);
      await assertPartnerAccess(db, identity, request.params.partner, await isTeamMember(identity, team));
      return contractsOf(db, request.params.partner);
    },
  );

  app.post<{ Body: LaunchCouponRequest }>(
    '/launch_coupon',
    {
      schema: {
        body: {
          type: 'object',
          properties: {
            partner: NAME,
            contractTitle: { type: 'string', minLength: 1, maxLength: 200 },
            lastCoupon: HASH,
            discount: { type: 'number' },
            kit: { type: 'string', maxLength: 500 },
          },
          required: ['partner', 'contractTitle', 'lastCoupon'],
        },
      },
      config: { auth: 'required' },
    },
    async (request, reply) => {
      const identity = caller(request);
      const { partner, contractTitle, lastCoupon } = request.body;
      // Only the partner hands out their coupons; discount and kit come from the contract.
      await assertPartnerAccess(db, identity, partner, false);
      await launchCoupon(db, partner, contractTitle, lastCoupon);
      return sendText(reply, 'success');
    },
  );

  app.get<{ Params: { partner: string } }>(
    '/deals/:partner',
    { schema: { params: params({ partner: NAME }) }, config: { auth: 'required' } },
    async (request) => {
      const identity = caller(request);
      await assertPartnerAccess(db, identity, request.params.partner, await isTeamMember(identity, team));
      return dealsOf(db, request.params.partner);
    },
  );

  app.post<{ Body: InvitationPayload }>(
    '/authorize_partner',
    { schema: { body: INVITATION_BODY }, config: { auth: 'required' } },
    async (request, reply) => {
      await acceptInvitation(db, caller(request), request.body.partnerName, request.body.hash);
      return sendText(reply, 'ok');
    },
  );

  app.get('/check_team', { config: { auth: 'required' } }, async (request, reply) =>
    sendText(reply, (await isTeamMember(caller(request), team)) ? 'ok' : 'no'),
  );

  app.post<{ Body: ContractPayload }>(
    '/create_contract',
    {
      schema: {
        body: {
          type: 'object',
          properties: {
            partner: { type: 'string', pattern: '^[A-Za-z0-9_-]{3,64}$' },
            duration: { type: 'integer', minimum: 1, maximum: 3650 },
            rate: { type: 'number', minimum: 0, maximum: 100 },
            discount: { type: 'number', minimum: 0, maximum: 99 },
            kit: { type: 'string', minLength: 1, maxLength: 500 },
            n_coupons: { type: 'integer', minimum: 1, maximum: 10_000 },
          },
          required: ['partner', 'duration', 'rate', 'discount', 'kit', 'n_coupons'],
          additionalProperties: false,
        },
      },
      config: { auth: 'team' },
    },
    async (request) => ({ message: await createContract(db, request.body, caller(request).email) }),
  );

  app.get<{ Params: { name: string } }>(
    '/check_bname_partner/:name',
    { schema: { params: params({ name: SEGMENT }) } },
    async (request, reply) => sendText(reply, await partnerNameStatus(db, request.params.name)),
  );

  app.post<{ Body: InvitationPayload }>(
    '/authorize_hash',
    { schema: { body: INVITATION_BODY }, config: { auth: 'team' } },
    async (request, reply) => {
      await authorizeHash(db, request.body.partnerName, request.body.hash, caller(request).email);
      return sendText(reply, 'ok');
    },
  );
}
