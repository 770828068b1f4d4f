import { EVERYTHING, type ChangeFeed } from '../db/changeFeed';
import type { EventStream } from './eventStream';

/** How the streams of one kind (a booth gallery's, a wall's) read what they follow and decide who still sees it. */
export interface LiveSource<Subject, State, Viewer> {
  /** What is followed now; null once it is gone (an unknown event). */
  read(subject: Subject): Promise<State | null>;
  version(state: State): string;
  /** What of the state decides who may see it: a stream's viewer is decided again only when this moves. */
  access(state: State): string;
  /**
   * Whether the state is still open to each viewer, all of them at once (one query serves them all when one is needed).
   */
  opens(subject: Subject, state: State, viewers: readonly Viewer[]): Promise<boolean[]>;
  /**
   * A feed key (an event's grants) whose change may close streams without changing the state: viewers are decided again
   * then.
   */
  accessFeedKey?: (event: string) => string;
}

export interface LiveFollow<Subject, Viewer> {
  /** What is followed, by name: the streams of one key share its reads. */
  key: string;
  subject: Subject;
  /** The event whose changes (`event:{name}` on the change feed, from any server) mean a new read. */
  event: string;
  /** The version the stream starts from (sent at once). */
  first: string;
  viewer: Viewer;
}

export interface LiveVersions<Subject, Viewer> {
  /**
   * Sends on `stream` the version of what it follows, at once and again each time it moves;
   * says 'closed' and ends it once it is no longer open to the stream's viewer, or gone.
   */
  follow(stream: EventStream, what: LiveFollow<Subject, Viewer>): void;
  /** Keys followed now. */
  readonly followed: number;
  /** Stops hearing the feed. */
  close(): void;
}

interface Follower<Viewer> {
  stream: EventStream;
  viewer: Viewer;
  sent: string;
  /** The access (and access epoch) the viewer was last found to see; null: to be decided. */
  decided: string | null;
}

interface Topic<Subject, Viewer> {
  key: string;
  subject: Subject;
  feedKeys: string[];
  followers: Set<Follower<Viewer>>;
  looking: boolean;
  again: boolean;
  /** Moves when something that decides access changed without showing in the state (grants, a feed that was down). */
  epoch: number;
}

/**
 * The live streams of one kind on this server, grouped by what they follow: each change of an
 * event is read once for all its streams (one look at a time per key: changes during a look make
 * one more look after it), then each stream gets the new version. Whether it is still open to a
 * stream's viewer is decided again only when what decides it moved (the event made private, its
 * wall link revoked, suspended, its grants), for all of them at once.
 */
export function liveVersions<Subject, State, Viewer>(
  changes: ChangeFeed,
  source: LiveSource<Subject, State, Viewer>,
  log: (message: string) => void,
): LiveVersions<Subject, Viewer> {
  const topics = new Map<string, Topic<Subject, Viewer>>();
  /** Feed key -> the topics it concerns. */
  const byFeedKey = new Map<string, Set<Topic<Subject, Viewer>>>();

  const end = (follower: Follower<Viewer>) => {
    follower.stream.send('closed', {});
    follower.stream.close();
  };

  async function deliver(topic: Topic<Subject, Viewer>, state: State | null, epoch: number): Promise<void> {
    const followers = [...topic.followers];
    // Deleted, or its address gone: closed to everyone.
    if (state === null) {
      for (const follower of followers) end(follower);
      return;
    }
    const access = `${source.access(state)}\n${epoch}`;
    const undecided = followers.filter((follower) => follower.decided !== access);
    if (undecided.length > 0) {
      const opens = await source.opens(
        topic.subject,
        state,
        undecided.map((follower) => follower.viewer),
      );
      undecided.forEach((follower, index) => {
        if (opens[index]) follower.decided = access;
        else end(follower);
      });
    }
    const version = source.version(state);
    for (const follower of followers) {
      if (!topic.followers.has(follower) || follower.decided !== access || follower.sent === version) continue;
      follower.sent = version;
      follower.stream.send('gallery', { version });
    }
  }

  async function look(topic: Topic<Subject, Viewer>): Promise<void> {
    if (topic.looking) {
      topic.again = true;
      return;
    }
    topic.looking = true;
    try {
      do {
        topic.again = false;
        const epoch = topic.epoch;
        await deliver(topic, await source.read(topic.subject), epoch);
      } while (topic.again && topic.followers.size > 0);
    } catch (error) {
      // The database did not answer this time: the next change looks again, and the polls go on.
      log(`live ${topic.key}: ${(error as Error).message}`);
    } finally {
      topic.looking = false;
    }
  }

  // After every listener of this change has run: a cache that forgets on it (platform/db/liveCache.ts)
  // must have forgotten before it is read again.
  const lookSoon = (topic: Topic<Subject, Viewer>) => queueMicrotask(() => void look(topic));

  const stopFeed = changes.onChange((key) => {
    if (key === EVERYTHING) {
      // The feed went down: nothing would be heard until it is back. The streams end, and the
      // phones poll every 5 s meanwhile (their next stream is refused while the feed is down).
      if (!changes.live) {
        for (const topic of [...topics.values()]) for (const follower of [...topic.followers]) follower.stream.close();
        return;
      }
      for (const topic of topics.values()) {
        topic.epoch += 1;
        lookSoon(topic);
      }
      return;
    }
    for (const topic of byFeedKey.get(key) ?? []) {
      if (key !== topic.feedKeys[0]) topic.epoch += 1;
      lookSoon(topic);
    }
  });

  function topicOf({ key, subject, event }: LiveFollow<Subject, Viewer>): Topic<Subject, Viewer> {
    const kept = topics.get(key);
    if (kept) return kept;
    const feedKeys = [`event:${event}`, ...(source.accessFeedKey ? [source.accessFeedKey(event)] : [])];
    const topic: Topic<Subject, Viewer> = {
      key,
      subject,
      feedKeys,
      followers: new Set(),
      looking: false,
      again: false,
      epoch: 0,
    };
    topics.set(key, topic);
    for (const feedKey of feedKeys) {
      let concerned = byFeedKey.get(feedKey);
      if (!concerned) byFeedKey.set(feedKey, (concerned = new Set()));
      concerned.add(topic);
    }
    return topic;
  }

  function leave(topic: Topic<Subject, Viewer>, follower: Follower<Viewer>): void {
    topic.followers.delete(follower);
    if (topic.followers.size > 0 || topics.get(topic.key) !== topic) return;
    topics.delete(topic.key);
    for (const feedKey of topic.feedKeys) {
      const concerned = byFeedKey.get(feedKey);
      concerned?.delete(topic);
      if (concerned?.size === 0) byFeedKey.delete(feedKey);
    }
  }

  return {
    follow(stream, what) {
      stream.send('gallery', { version: what.first });
      const topic = topicOf(what);
      // Decided again at the first look: a change of access between the route's check and now is not missed.
      const follower: Follower<Viewer> = { stream, viewer: what.viewer, sent: what.first, decided: null };
      topic.followers.add(follower);
      stream.onClose(() => leave(topic, follower));
      // A change between the route's read and the listening above is not missed (one look for a
      // crowd opening at once). A client gone already left at once: nothing to look for.
      if (topic.followers.has(follower)) void look(topic);
    },
    get followed() {
      return topics.size;
    },
    close: stopFeed,
  };
}
