import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { EventCard } from '../../../contract/wire';
import { ROUTES } from '../../../contract/routePaths';
import { useSession } from '../../session';
import type { EventNavigationState } from './eventLocation';
import { useGetVisitedEventsQuery } from './eventsApi';
import type { EventName } from '../../../contract/names';

interface EventLinkProps {
  /** The event's name (its key). */
  eventName: EventName;
  /** What people read, when the caller knows it: the event page shows it at once. */
  displayTitle?: string;
  className?: string;
  children: ReactNode;
}

/**
 * A way on to an event's galleries from another screen that knows only its name: the event page
 * finds the booths (and the title) from the name, as it does for the events list.
 */
export function EventLink({ eventName, displayTitle, className, children }: EventLinkProps) {
  const state: Partial<EventNavigationState> = { bname: eventName, displayTitle };
  return (
    <Link to={ROUTES.event} state={state} className={className}>
      {children}
    </Link>
  );
}

/**
 * The card of one event as this visitor may see it (`GET /eventos`): undefined while asking, null
 * when there is none for them (no such event, or one they may not open), so a screen offers a way
 * to an event only when it leads somewhere.
 */
export function useEventCard(
  eventName: EventName,
  { skip = false }: { skip?: boolean } = {},
): EventCard | null | undefined {
  const { agent } = useSession();
  const { currentData, isError } = useGetVisitedEventsQuery(
    { events: [eventName], agent: agent || 'anonimo' },
    { skip: skip || eventName === '' },
  );
  if (skip || eventName === '' || isError) return null;
  if (currentData === undefined) return undefined;
  return currentData.find((card) => card.title === eventName) ?? null;
}
