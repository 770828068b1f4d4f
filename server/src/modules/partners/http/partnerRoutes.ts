import { Type } from '@sinclair/typebox';
import {
  Contract,
  ContractPayload,
  CouponReport,
  Deal,
  InvitationPayload,
  LaunchCouponReply,
  LaunchCouponRequest,
  MessageReply,
  OkReply,
  PartnerNameReply,
  TeamReply,
} from '../../../../../contract/wire';
import type { FastifySchemaValidationError } from 'fastify';
import { caller, isTeamMember } from '../../identity';
import type { AppContext } from '../../../platform/context';
import { invalid } from '../../../platform/errors';
import { couponMonthsOf } from '../couponMonths';
import { acceptInvitation, authorizeHash } from '../invitations';
import {
  CONTRACT_FIELDS,
  assertPartnerAccess,
  contractProblem,
  contractsOf,
  createContract,
  dealsOf,
  launchCoupon,
  partnerNameStatus,
} from '../partners';
import { NAME, SEGMENT, params, type Api } from '../../../platform/http/schemas';

const isContractField = (name: unknown): name is (typeof CONTRACT_FIELDS)[number] =>
  CONTRACT_FIELDS.includes(name as (typeof CONTRACT_FIELDS)[number]);

/** A create_contract body the schema refused, in words the team screen can show. */
function contractValidationMessage(errors: FastifySchemaValidationError[]): string {
  const [first] = errors;
  const params = (first?.params ?? {}) as Record<string, unknown>;
  if (first?.keyword === 'required' && isContractField(params.missingProperty))
    return contractProblem({ field: params.missingProperty, missing: true });
  if (first?.keyword === 'additionalProperties')
    return contractProblem({ unknownField: String(params.additionalProperty) });
  const field = first?.instancePath.split('/')[1];
  return isContractField(field) ? contractProblem({ field }) : contractProblem('not_an_object');
}

/**
 * Partners (contracts, coupons, deals, invitations) and the team's tools. Every route of a role
 * also refuses tokens of disabled accounts or revoked sessions (`checkRevoked`; team routes do
 * by default).
 */
export function partnerRoutes(app: Api, { db, team, rateLimit }: AppContext): void {
  app.get(
    '/contracts/:partner',
    {
      schema: { params: params({ partner: NAME }), response: { 200: Type.Array(Contract) } },
      config: { auth: 'required', checkRevoked: true },
    },
    async (request) => {
      const identity = caller(request);
      await assertPartnerAccess(db, identity, request.params.partner, await isTeamMember(identity, team));
      return contractsOf(db, request.params.partner);
    },
  );

  app.post(
    '/launch_coupon',
    {
      schema: { body: LaunchCouponRequest, response: { 200: LaunchCouponReply } },
      config: { auth: 'required', checkRevoked: true },
    },
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
    {
      schema: { params: params({ partner: NAME }), response: { 200: Type.Array(Deal) } },
      config: { auth: 'required', checkRevoked: true },
    },
    async (request) => {
      const identity = caller(request);
      await assertPartnerAccess(db, identity, request.params.partner, await isTeamMember(identity, team));
      return dealsOf(db, request.params.partner);
    },
  );

  // The partner's coupons at work, by month (docs/product.md#deals): to the partner's accounts and the team.
  app.get(
    '/deals/:partner/coupons',
    {
      schema: { params: params({ partner: NAME }), response: { 200: Type.Array(CouponReport) } },
      config: { auth: 'required', checkRevoked: true },
    },
    async (request, reply) => {
      const identity = caller(request);
      await assertPartnerAccess(db, identity, request.params.partner, await isTeamMember(identity, team));
      void reply.header('Cache-Control', 'private, no-store');
      return couponMonthsOf(db, request.params.partner);
    },
  );

  app.post(
    '/authorize_partner',
    {
      schema: { body: InvitationPayload, response: { 200: OkReply } },
      config: { auth: 'required', checkRevoked: true, rateLimit: rateLimit('authorize_partner') },
    },
    async (request) => {
      await acceptInvitation(db, caller(request), request.body.partnerName, request.body.hash);
      return 'ok' as const;
    },
  );

  app.get(
    '/check_team',
    { schema: { response: { 200: TeamReply } }, config: { auth: 'required', checkRevoked: true } },
    async (request) => ((await isTeamMember(caller(request), team)) ? ('ok' as const) : ('no' as const)),
  );

  app.post(
    '/create_contract',
    // A refused body is answered by the handler, after the guard, with a message per field.
    {
      schema: { body: ContractPayload, response: { 200: MessageReply } },
      attachValidation: true,
      config: { auth: 'team' },
    },
    async (request) => {
      if (request.validationError)
        throw invalid('invalid_contract', contractValidationMessage(request.validationError.validation));
      return { message: await createContract(db, request.body, caller(request).email) };
    },
  );

  app.get(
    '/check_bname_partner/:name',
    // Signed out or in: only a team member learns that a name is owned rather than taken.
    {
      schema: { params: params({ name: SEGMENT }), response: { 200: PartnerNameReply } },
      config: { auth: 'optional', checkRevoked: true, rateLimit: rateLimit('check_bname_partner') },
    },
    async (request) => partnerNameStatus(db, request.params.name, { team: await isTeamMember(request.identity, team) }),
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
