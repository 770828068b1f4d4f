/**
 * Who may see an event, and its media: the access rule and its grants (eventAccess.ts), the
 * access service that decides it with what the rule reads kept in memory (accessService.ts), the
 * viewer HTTP makes of a request (http/eventGuard.ts), the media gate and its cookies, the visitor's agent, and the
 * media files served behind the gate.
 */
export {
  agentHolder,
  decideOpening,
  grantCounts,
  guardedEvent,
  holdersOf,
  isOpenToAll,
  LOGIN_FOR_PRIVATE,
  openingKey,
  refusal,
  revokeGrants,
  uidHolder,
  unknownEvent,
  type Viewer,
} from './eventAccess';
export { agentOf, apiViewer } from './http/eventGuard';
export { type AccessService, createAccessService, type FilesOpening, type FilesViewer } from './accessService';
export { sendMediaFile } from './http/mediaFiles';
export {
  eventMediaOpening,
  filesViewer,
  HIDDEN_MESSAGE,
  type MediaAccess,
  mediaOpening,
  mediaTarget,
  registerMediaGate,
} from './http/mediaGate';
export {
  clearMediaSessionCookie,
  loadMediaSessionSecret,
  mediaSessionOf,
  setMediaSessionCookie,
} from './http/mediaSession';
export { AGENT_NOT_VOUCHED_MESSAGE, ownAgentIn } from './http/ownAgent';
export { registerPublicMedia } from './http/publicMedia';
export { agentSigningKey, type IssueVisitor, registerVisitorAgent } from './http/visitorAgent';
export { readDecodedCookie, setVisitorCookie } from './http/visitorCookies';
export { setWallSessionCookie } from './http/wallSession';

import type { MediaAccess } from './http/mediaGate';

/** The handles this module puts on the context every route receives (app.ts builds it). */
declare module '../../platform/context' {
  interface AppContext {
    /** The media cookie's keys and the events' visibility cache (modules/access/http/mediaGate.ts). */
    mediaAccess: MediaAccess;
  }
}
