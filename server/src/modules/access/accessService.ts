import type { MediaRef } from '../../../../contract/mediaPath';
import type { ChangeFeed } from '../../platform/db/changeFeed';
import type { Database } from '../../platform/db/database';
import { liveCache } from '../../platform/db/liveCache';
import { hiddenFiles } from '../media';
import {
  agentHolder,
  copyGrantToAccount,
  decideOpening,
  grantedHolders,
  grantByCollectSecret,
  grantEvent,
  guardedEvent,
  holdersOf,
  isOpenToAll,
  uidHolder,
  type GrantVia,
  type GuardedEvent,
  type GuardedEventRow,
  type Opening,
  type Viewer,
} from './eventAccess';

/**
 * Who may see an event, decided in one place: the rule (eventAccess.ts) with what it reads
 * kept in memory while it stands (platform/db/liveCache.ts), so a gallery's burst of thumbnails and every
 * phone's poll make no trip to the database. A new grant, a revocation or an event's change
 * reaches every app server over the change feed. HTTP only says who asks (a Viewer, modules/access/http/eventGuard.ts).
 */
export interface AccessService {
  /** The event's visibility, owner and wall key, or null for an unknown event. */
  event(name: string): Promise<GuardedEventRow | null>;
  /** Whether the event exists and anyone may see it (public, not suspended). */
  openToAll(name: string): Promise<boolean>;
  /** What `viewer` may do with the event; 'unknown' for an event that does not exist. */
  opening(name: string, viewer: Viewer): Promise<Opening | 'unknown'>;
  /** `opening` for an event already read (a query that read it with something else). */
  openingOf(name: string, event: GuardedEvent, viewer: Viewer): Promise<Opening>;
  /** `openingOf` for many viewers of one event at once: their grants are read together, in one query. */
  openingsOf(name: string, event: GuardedEvent, viewers: readonly Viewer[]): Promise<Opening[]>;
  /** Whether `viewer` may see the event's files, and how (`FilesOpening`). */
  filesOpening(name: string, viewer: FilesViewer, how?: FilesAsked): Promise<FilesOpening>;
  /** Grants the event to the viewer's agent and account. */
  grant(name: string, viewer: Pick<Viewer, 'uid' | 'agent'>, via: GrantVia): Promise<void>;
  /**
   * Grants a file's event to the viewer when the file is a collect link's secret; answers whether it is
   * (eventAccess.ts).
   */
  grantByCollectLink(ref: MediaRef, viewer: Pick<Viewer, 'uid' | 'agent'>): Promise<boolean>;
  /**
   * How the file stands with the event's moderation (docs/product.md#moderation): 'shown'; 'hidden' by the owner
   * or the team, who still see it ('hiddenButSeen'); 'hidden' to anyone else.
   */
  moderation(ref: MediaRef, viewer: Viewer): Promise<'shown' | 'hidden' | 'hiddenButSeen'>;
  close(): void;
}

/**
 * What the screen of an event's wall is, by its cookie (modules/access/http/wallSession.ts): opened now, opened by a
 * key since revoked, or none.
 */
export type WallScreen = 'opens' | 'stale' | null;

/** Who asks for an event's files: a viewer, and maybe a screen of its wall. */
export interface FilesViewer extends Viewer {
  /** What the request's wall cookie makes of it, the event's wall key being `wallKey` now. */
  wallScreen(wallKey: string | null): WallScreen;
}

/** How the files are asked for: one file by its name (which may be a collect link), shown on a wall screen or not. */
export interface FilesAsked {
  /** The file asked for, whose random name is a collect link's secret: it grants whoever knows it. */
  byCollectLink?: MediaRef | null;
  /** Whether a wall's cookie may open it (a screen shows files one at a time, never a ZIP of them). */
  byWall?: boolean;
}

/**
 * 'public': anyone's (any cache may keep it); 'gated': this viewer's only; 'refused': a guest who
 * was there but must sign in (401); 'unknown': an unknown event, or anyone else (404, nothing tells
 * a stranger that the event exists).
 */
export type FilesOpening = 'public' | 'gated' | 'refused' | 'unknown';

export function createAccessService(db: Database, changes: ChangeFeed): AccessService {
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

  // An event's hidden files, forgotten on any change of its media (an upload too: a query on a partial index).
  const hidden = liveCache<Set<string>>({
    feed: changes,
    db,
    tables: ['media'],
    feedKeyOf: (name) => `event:${name}`,
  });

  const readEvent = (name: string) => events.read(name, () => guardedEvent(db, name));

  async function moderation(ref: MediaRef, viewer: Viewer): Promise<'shown' | 'hidden' | 'hiddenButSeen'> {
    const files = await hidden.read(ref.eventName, () => hiddenFiles(db, ref.eventName));
    if (!files.has(`${ref.mode}/${ref.file}`)) return 'shown';
    const event = await readEvent(ref.eventName);
    if (viewer.uid === null || event === null) return 'hidden';
    if (event.owner_uid === viewer.uid || (await viewer.isTeam())) return 'hiddenButSeen';
    return 'hidden';
  }

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

  const grantByCollectLink = (ref: MediaRef, viewer: Pick<Viewer, 'uid' | 'agent'>) =>
    grantByCollectSecret(db, ref, holdersOf(viewer));

  /**
   * A link-only or private event's files open for its owner, the team, and the visitors who were
   * there, a private one's only signed in (docs/api.md#who-may-see-an-event); a file asked for
   * by its random name is a collect link: whoever knows it was there, and is granted the event (a
   * link-only event's file opens for them even before the app has given them an agent); except to
   * a screen of the event's wall, which sees the files while its link stands and is never granted
   * by them.
   */
  async function filesOpening(
    name: string,
    viewer: FilesViewer,
    { byCollectLink = null, byWall = false }: FilesAsked = {},
  ): Promise<FilesOpening> {
    const event = await readEvent(name);
    if (event === null) return 'unknown';
    // A suspended event's files (its paid order refunded) are the team's alone, even a public one's.
    if (isOpenToAll(event)) return 'public';
    let opening = await openingOf(name, event, viewer);
    if (opening === 'open') return 'gated';
    // The event's wall (docs/api.md#the-live-wall), asked before any collect link: a screen loads
    // the file names its wall lists, and no name it asks for makes it a guest, or revoking the link
    // would leave it a grant. Its cookie opens the files while the link stands (not a suspended
    // event's: modules/wall/wall.ts); once the link is revoked or replaced, the screen is granted nothing.
    const screen = viewer.wallScreen(event.wall_key);
    if (screen === 'opens' && byWall && event.suspended_at === null) return 'gated';
    if (screen === null && opening === 'hidden' && byCollectLink && (await grantByCollectLink(byCollectLink, viewer))) {
      opening = await decideOpening(event, viewer, true);
      if (opening === 'open') return 'gated';
    }
    return opening === 'login' ? 'refused' : 'unknown';
  }

  return {
    event: readEvent,
    async openToAll(name) {
      const event = await readEvent(name);
      return event !== null && isOpenToAll(event);
    },
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
    filesOpening,
    grant: (name, viewer, via) => grantEvent(db, name, holdersOf(viewer), via),
    grantByCollectLink,
    moderation,
    close() {
      events.close();
      grants.close();
      hidden.close();
    },
  };
}
