import type { EventVisibility } from '../../../contract/wire';
import { EventDelivery } from '../delivery';
import { LIVE_QUERY } from './dashboardLive';
import { EventFaceSearch } from './EventFaceSearch';
import { EventGuestAccess } from './EventGuestAccess';
import { EventNumbers } from './EventNumbers';
import { EventGuestContacts } from './EventGuestContacts';
import { EventModeration } from './EventModeration';
import { EventPrinterAlerts } from './EventPrinterAlerts';
import { EventPrinting } from './EventPrinting';
import { EventVisibilityControl } from './EventVisibilityControl';
import { EventWall } from './EventWall';
import type { EventName } from '../../../contract/names';

/**
 * What the owner and the team do with a created event: who sees it, the guests who may (for an
 * event that is not public), its live wall, its printers and its face search. One set, on the owner's dashboard
 * and on the team's events.
 */
export function CreatedEventTools({
  eventName,
  title,
  visibility,
}: {
  eventName: EventName;
  title?: string;
  visibility: EventVisibility;
}) {
  return (
    <>
      {/* First: a printer that stopped is what needs someone now. */}
      <EventPrinterAlerts eventName={eventName} />
      <EventVisibilityControl eventName={eventName} title={title} visibility={visibility} />
      {/* A public event is everyone's: there is no guest access to count or take. */}
      {visibility !== 'public' && <EventGuestAccess eventName={eventName} visibility={visibility} />}
      <EventWall eventName={eventName} />
      <EventPrinting eventName={eventName} />
      <EventFaceSearch eventName={eventName} />
      <EventModeration eventName={eventName} />
      <EventNumbers eventName={eventName} />
      <EventGuestContacts eventName={eventName} />
      <EventDelivery eventName={eventName} live={LIVE_QUERY} />
    </>
  );
}
