import { initialSessionState, type SessionState } from '../../src/session';

/** A preloaded state with this much of the session set (the rest as a new visitor's). */
export function withSession(part: Partial<SessionState>): { session: SessionState } {
  return { session: { ...initialSessionState, ...part } };
}
