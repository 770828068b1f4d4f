import {
  ContactOffer,
  EventContactsReply,
  GuestContactSettings,
  LeaveContactReply,
  LeaveContactRequest,
  MyContactsReply,
  WithdrawContactReply,
} from '../../../../../contract/wire';
import type { AppContext } from '../../../platform/context';
import { AGENT, NAME, params, type Api } from '../../../platform/http/schemas';
import { forbidden } from '../../../platform/errors';
import { AGENT_NOT_VOUCHED_MESSAGE, apiViewer, ownAgentIn } from '../../access';
import { openEvent, ownersEvent } from '../../events';
import {
  contactOffer,
  contactsOfAgent,
  eventContacts,
  leaveContact,
  setContactSettings,
  withdrawContact,
} from '../guestContacts';

/**
 * Guests who leave their contact (docs/api.md#guests-contacts): the owner's (and the team's)
 * setting and list (the SPA exports it); the form's offer and the contact left, for whoever may see the event,
 * by their signed agent; the contacts a visitor left, and their withdrawal, from the privacy page.
 */
export function guestContactRoutes(app: Api, { db, team, rateLimit, mediaAccess }: AppContext): void {
  const owner = { auth: 'required' as const, checkRevoked: true };
  const eventParams = params({ bname: NAME });

  app.get(
    '/events/:bname/contatos',
    { schema: { params: eventParams, response: { 200: EventContactsReply } }, config: owner },
    async (request, reply) => {
      const event = await ownersEvent(db, team, request, request.params.bname);
      void reply.header('cache-control', 'no-store');
      return eventContacts(db, event.name);
    },
  );

  app.put(
    '/events/:bname/contatos',
    {
      schema: { params: eventParams, body: GuestContactSettings, response: { 200: EventContactsReply } },
      config: owner,
    },
    async (request) => {
      const event = await ownersEvent(db, team, request, request.params.bname);
      return setContactSettings(db, event.name, request.body);
    },
  );

  // The guest's side: only an event the visitor may see, as its galleries.
  app.get(
    '/contatos/:bname',
    { schema: { params: eventParams, response: { 200: ContactOffer } }, config: { auth: 'optional' } },
    async (request, reply) => {
      const event = await openEvent(db, mediaAccess.guard, request.params.bname, apiViewer(request, team));
      void reply.header('cache-control', 'private, no-store');
      return contactOffer(db, event.name, request.visitorAgent);
    },
  );

  app.post(
    '/contatos/:bname',
    {
      schema: { params: eventParams, body: LeaveContactRequest, response: { 200: LeaveContactReply } },
      config: { auth: 'optional', rateLimit: rateLimit('guestContact') },
    },
    async (request) => {
      const event = await openEvent(db, mediaAccess.guard, request.params.bname, apiViewer(request, team));
      // The contact is the visitor's: their browser's signed agent, never one named in the request.
      const agent = request.visitorAgent;
      if (!agent) throw forbidden('agent_not_vouched', AGENT_NOT_VOUCHED_MESSAGE);
      const expires = await leaveContact(db, event.name, agent, request.body);
      return { left: true as const, expiresAt: expires.toISOString() };
    },
  );

  app.get(
    '/privacy/contacts/:agent',
    {
      schema: { params: params({ agent: AGENT }), response: { 200: MyContactsReply } },
      onRequest: ownAgentIn('params'),
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return contactsOfAgent(db, request.params.agent);
    },
  );

  app.delete(
    '/privacy/contacts/:agent/:bname',
    {
      schema: { params: params({ agent: AGENT, bname: NAME }), response: { 200: WithdrawContactReply } },
      config: { rateLimit: rateLimit('guestContact') },
      onRequest: ownAgentIn('params'),
    },
    async (request) => ({ removed: await withdrawContact(db, request.params.agent, request.params.bname) }),
  );
}
