import { selectPendingOrder, selectSession, type Identity, type RootState } from '../../src/session';
import type { EventName } from '../../contract/names';

/** The session as tests describe it: flat, a field for each of its cookies. */
export interface SessionPart {
  identity: Identity;
  signingIn: boolean;
  agent: string;
  events: string[];
  eventName: EventName;
  collection: string[];
  packs: string[];
  loginRequired: boolean;
  pendingTransaction: string | null;
  pendingClaim: string | null;
}

type SessionSlices = Pick<RootState, 'auth' | 'visitor' | 'collection' | 'packs'>;

/** A preloaded state with this much of the session set (the rest as a new visitor's). */
export function withSession(part: Partial<SessionPart>): SessionSlices {
  const orderId = part.pendingTransaction ?? null;
  return {
    auth: {
      identity: part.identity ?? { status: 'unknown' },
      signingIn: part.signingIn ?? false,
      pendingOrder:
        orderId === null
          ? null
          : { orderId, claim: part.pendingClaim ?? null, loginRequired: part.loginRequired ?? false },
    },
    visitor: { agent: part.agent ?? '', events: part.events ?? [], eventName: part.eventName ?? '' },
    collection: { items: part.collection ?? [], agentResults: 'unknown' },
    packs: { hashes: part.packs ?? [] },
  };
}

/** The session of a state, flat as tests describe it (the pending order as its three cookies). */
export function sessionOf(state: RootState) {
  const pending = selectPendingOrder(state);
  return {
    ...selectSession(state),
    signingIn: state.auth.signingIn,
    loginRequired: pending?.loginRequired === true,
    pendingTransaction: pending?.orderId ?? null,
    pendingClaim: pending?.claim ?? null,
  };
}
