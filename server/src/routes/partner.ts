import { Type } from '@sinclair/typebox';
import {
  Contract,
  ContractPayload,
  Deal,
  InvitationPayload,
  LaunchCouponReply,
  LaunchCouponRequest,
  MessageReply,
  OkReply,
  PartnerNameReply,
  TeamReply,
} from '../../../src/api/wire';
import { caller, isTeamMember } from '../auth/guard';
import type { AppContext } from '../context';
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
import { NAME, SEGMENT, params, type Api } from '../http/schemas';

/** Partners (contracts, coupons, deals, invitations) and the team's tools. */
export function partnerRoutes(app: Api, { db, team }: AppContext): void {
  app.get(
    '/contracts/:partner',
    { schema: { params: params({ partner: NAME }), response: { 200: Type.Array(Contract) } }, config: { auth: 'required' } },
    async (request) => {
      const identity = caller(request);
      await assertPartnerAccess(db, identity, request.params.partner, await isTeamMember(identity, team));
      return contractsOf(db, request.params.partner);
    },
  );

  app.post(
    '/launch_coupon',
    { schema: { body: LaunchCouponRequest, response: { 200: LaunchCouponReply } }, config: { auth: 'required' } },
    async (request) => {
      const { partner, contractTitle, lastCoupon } = request.body;
      // Only the partner hands out their coupons; discount and kit come from the contract.
      await assertPartnerAccess(db, caller(request), partner, false);
      await launchCoupon(db, partner, contractTitle, lastCoupon);
      return 'success' as const;
    },
  );

  app.get(
    '/deals/:partner',
    { schema: { params: params({ partner: NAME }), response: { 200: Type.Array(Deal) } }, config: { auth: 'required' } },
    async (request) => {
      const identity = caller(request);
      await assertPartnerAccess(db, identity, request.params.partner, await isTeamMember(identity, team));
      return dealsOf(db, request.params.partner);
    },
  );

  app.post(
    '/authorize_partner',
    { schema: { body: InvitationPayload, response: { 200: OkReply } }, config: { auth: 'required' } },
    async (request) => {
      await acceptInvitation(db, caller(request), request.body.partnerName, request.body.hash);
      return 'ok' as const;
    },
  );

  app.get('/check_team', { schema: { response: { 200: TeamReply } }, config: { auth: 'required' } }, async (request) =>
    (await isTeamMember(caller(request), team)) ? ('ok' as const) : ('no' as const),
  );

  app.post(
    '/create_contract',
    { schema: { body: ContractPayload, response: { 200: MessageReply } }, config: { auth: 'team' } },
    async (request) => ({ message: await createContract(db, request.body, caller(request).email) }),
  );

  app.get(
    '/check_bname_partner/:name',
    { schema: { params: params({ name: SEGMENT }), response: { 200: PartnerNameReply } } },
    async (request) => partnerNameStatus(db, request.params.name),
  );

  app.post(
    '/authorize_hash',
    { schema: { body: InvitationPayload, response: { 200: OkReply } }, config: { auth: 'team' } },
    async (request) => {
      await authorizeHash(db, request.body.partnerName, request.body.hash, caller(request).email);
      return 'ok' as const;
    },
  );
}
