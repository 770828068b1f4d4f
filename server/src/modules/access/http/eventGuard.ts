import type { FastifyRequest } from 'fastify';
import type { ChangeFeed } from '../../../platform/db/changeFeed';
import type { Database } from '../../../platform/db/database';
import { liveCache } from '../../../platform/db/liveCache';
import { isTeamMember, type TeamPolicy } from '../../identity';
import {
  agentHolder,
  copyGrantToAccount,
  decideOpening,
  grantedHolders,
  grantByCollectSecret,
  grantEvent,
  guardedEvent,
  holdersOf,
  uidHolder,
  type GrantVia,
  type GuardedEvent,
  type GuardedEventRow,
  type Opening,
  type Viewer,
} from '../eventAccess';

/**
 * The event access rule (modules/access/eventAccess.ts) as every route and the media gate ask it, with
 * what it reads kept in memory while it stands (platform/db/liveCache.ts): a gallery's burst of thumbnails
 * and every phone's poll make no trip to the database. A new grant, a revocation or an event's
 * change reaches every app server over the change feed.
 */
export interface EventGuard {
  /** The event's visibility, owner and wall key, or null for an unknown event. */
  event(name: string): Promise<GuardedEventRow | null>;
  /** What `viewer` may do with the event; 'unknown' for an event that does not exist. */
  opening(name: string, viewer: Viewer): Promise<Opening | 'unknown'>;
  /** `opening` for an event already read (a query that read it with something else). */
  openingOf(name: string, event: GuardedEvent, viewer: Viewer): Promise<Opening>;
  /** `openingOf` for many viewers of one event at once: their grants are read together, in one query. */
  openingsOf(name: string, event: GuardedEvent, viewers: readonly Viewer[]): Promise<Opening[]>;
  /** Grants the event to the viewer's agent and account. */
  grant(name: string, viewer: Pick<Viewer, 'uid' | 'agent'>, via: GrantVia): Promise<void>;
  /** Grants a file's event to the viewer when the file is a collect link's secret; answers whether it is (modules/access/eventAccess.ts). */
  grantByCollectLink(
    ref: { bname: string; mode: string; file: string },
    viewer: Pick<Viewer, 'uid' | 'agent'>,
  ): Promise<boolean>;
  close(): void;
}

const isOpenToAll = (event: GuardedEvent) => event.visibility === 'public' && event.suspended_at === null;

export function createEventGuard(db: Database, changes: ChangeFeed): EventGuard {
  const events = liveCache<GuardedEventRow | null>({
    feed: changes,
    db,
    tables: ['events'],
    feedKeyOf: (name) => `event:${name}`,
  });
  // Keys are `{event} {holder}` (a space is in neither): whether the holder has a grant.
  const grants = liveCache<boolean>({
    feed: changes,
    db,
    tables: ['event_grants'],
    feedKeyOf: (key) => `grant:${key.slice(0, key.indexOf(' '))}`,
  });

  const readEvent = (name: string) => events.read(name, () => guardedEvent(db, name));

  async function held(name: string, holders: string[]): Promise<Set<string>> {
    const keys = holders.map((holder) => `${name} ${holder}`);
    const found = await grants.readMany(keys, async (missing) => {
      const granted = await grantedHolders(
        db,
        name,
        missing.map((key) => key.slice(name.length + 1)),
      );
      return new Map(missing.map((key) => [key, granted.has(key.slice(name.length + 1))]));
    });
    return new Set(holders.filter((holder) => found.get(`${name} ${holder}`) === true));
  }

  /** The opening of `viewer`, from the holders found granted among theirs (and maybe others'). */
  async function openingFrom(
    name: string,
    event: GuardedEvent,
    viewer: Viewer,
    granted: ReadonlySet<string>,
  ): Promise<Opening> {
    // A guest who was there signs in: the account holds the grant from now on, on any device.
    if (viewer.uid && viewer.agent && granted.has(agentHolder(viewer.agent)) && !granted.has(uidHolder(viewer.uid))) {
      await copyGrantToAccount(db, name, viewer.agent, viewer.uid);
    }
    return decideOpening(
      event,
      viewer,
      holdersOf(viewer).some((holder) => granted.has(holder)),
    );
  }

  async function openingOf(name: string, event: GuardedEvent, viewer: Viewer): Promise<Opening> {
    if (isOpenToAll(event)) return 'open';
    return openingFrom(name, event, viewer, await held(name, holdersOf(viewer)));
  }

  return {
    event: readEvent,
    openingOf,
    async openingsOf(name, event, viewers) {
      if (isOpenToAll(event)) return viewers.map(() => 'open' as const);
      // One read for them all, each decided from it: asking the cache again per viewer would read
      // each one alone whenever a change made it forget in between (a busy server).
      const granted = await held(name, viewers.flatMap(holdersOf));
      return Promise.all(viewers.map((viewer) => openingFrom(name, event, viewer, granted)));
    },
    async opening(name, viewer) {
      const event = await readEvent(name);
      return event ? openingOf(name, event, viewer) : 'unknown';
    },
    grant: (name, viewer, via) => grantEvent(db, name, holdersOf(viewer), via),
    grantByCollectLink: (ref, viewer) => grantByCollectSecret(db, ref, holdersOf(viewer)),
    close() {
      events.close();
      grants.close();
    },
  };
}

/**
 * The visitor's agent, from the cookie the SPA keeps it in (docs/product.md#session-and-cookies), when the server
 * signed it (modules/access/http/visitorAgent.ts): grants are written for such agents only.
 */
export function agentOf(request: FastifyRequest): string | null {
  return request.visitorAgent;
}

/** The viewer of an API call: its token's account, its agent cookie, the team by the token's e-mail. */
export function apiViewer(request: FastifyRequest, team: TeamPolicy): Viewer {
  return {
    uid: request.identity?.uid ?? null,
    agent: agentOf(request),
    isTeam: () => isTeamMember(request.identity, team),
  };
}
