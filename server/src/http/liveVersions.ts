import { EVERYTHING, type ChangeFeed } from '../db/changeFeed';
import type { EventStream } from './eventStream';

export interface LiveVersions {
  /** The feed that says an event changed (from any server). */
  changes: ChangeFeed;
  /** The event whose changes matter. */
  event: string;
  /** The version the stream starts from (sent at once). */
  first: string;
  /** The version now, or null when what is followed is no longer open to this viewer. */
  look: () => Promise<string | null>;
  log: (message: string) => void;
}

/**
 * Sends on `stream` the version of what it follows (a booth gallery's list), at once and again
 * each time the change feed says its event changed and the version moved; says 'closed' and
 * ends it once `look` finds it closed to the viewer. One look at a time: changes during a look
 * make one more look after it.
 */
export function streamVersions(stream: EventStream, { changes, event, first, look, log }: LiveVersions): void {
  let sent = first;
  stream.send('gallery', { version: sent });
  let looking = false;
  let again = false;
  const lookNow = async () => {
    if (looking) {
      again = true;
      return;
    }
    looking = true;
    try {
      do {
        again = false;
        const now = await look();
        if (now === null) {
          stream.send('closed', {});
          stream.close();
          return;
        }
        if (now !== sent) {
          sent = now;
          stream.send('gallery', { version: sent });
        }
      } while (again);
    } catch (error) {
      // The database did not answer this time: the next change looks again, and the poll goes on.
      log(`live ${event}: ${(error as Error).message}`);
    } finally {
      looking = false;
    }
  };
  const stop = changes.onChange((key) => {
    // The feed went down: nothing would be heard until it is back. The stream ends, and the
    // phone polls every 5 s meanwhile (its next stream is refused while the feed is down).
    if (key === EVERYTHING && !changes.live) stream.close();
    else if (key === EVERYTHING || key === `event:${event}`) void lookNow();
  });
  stream.onClose(stop);
  // A change between the version read and the listening above is not missed.
  void lookNow();
}
