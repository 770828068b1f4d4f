import type { Queryable } from '../../platform/db/database';
import { recordEventAction } from './actionLog';

/** The screens this server remembers having counted; past it, it starts afresh (the table still counts each once). */
const REMEMBERED = 10_000;

/**
 * A wall view: a screen (or a phone) that opened the event's wall, once per screen and event. The wall asks for its
 * list every few seconds all night: this server remembers whom it counted, so that those asks write nothing.
 */
export function wallViewCounter(db: Queryable): (eventName: string, agent: string | null) => Promise<void> {
  const counted = new Set<string>();
  return async (eventName, agent) => {
    // A browser without its agent yet is counted on its next ask, once it sends back the one it was given.
    if (!agent) return;
    const key = `${eventName} ${agent}`;
    if (counted.has(key)) return;
    await recordEventAction(db, 'wall_view', eventName, { agent, subject: [] });
    if (counted.size >= REMEMBERED) counted.clear();
    counted.add(key);
  };
}
