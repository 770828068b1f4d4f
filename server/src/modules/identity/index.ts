/**
 * Who a request comes from: Firebase ID tokens, the auth guard (signed in, team), the team list;
 * and the account kept for each person (its lists), which every other module may reach.
 */
export {
  addManyToCollection,
  addToAccount,
  addToCollectionsOfAgent,
  createAccount,
  ensureAccount,
  MAX_LIST_LENGTH,
  mergeIntoAccount,
  normaliseLists,
  parseNewAccount,
  readAccount,
} from './accounts';
export { caller, isTeamMember, registerAuthGuard, type TeamPolicy } from './http/authGuard';
export { firebaseVerifier, type IdentityVerifier } from './http/identityTokens';
export type { Identity } from './identity';
export { isListedTeamMember } from './teamList';

import type { TeamPolicy } from './http/authGuard';
import type { IdentityVerifier } from './http/identityTokens';

/** The handles this module puts on the context every route receives (app.ts builds it). */
declare module '../../platform/context' {
  interface AppContext {
    verifier: IdentityVerifier;
    team: TeamPolicy;
  }
}
