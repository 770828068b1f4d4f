import type { FastifyRequest } from 'fastify';
import { caller, isTeamMember, type TeamPolicy } from '../../identity';
import type { Queryable } from '../../../platform/db/database';
import { ownedEvent, type EventRow } from '../events';
import type { EventName } from '../../../../../contract/names';

/** The event of a route its owner (or the team) calls: 404 unknown, 403 anyone else. */
export async function ownersEvent(
  db: Queryable,
  team: TeamPolicy,
  request: FastifyRequest,
  eventName: EventName,
): Promise<EventRow> {
  const identity = caller(request);
  return ownedEvent(db, identity, await isTeamMember(identity, team), eventName);
}
