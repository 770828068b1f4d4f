import type { EventVisibility } from '../../../contract/wire';
import { EventFaceSearch } from './EventFaceSearch';
import { EventGuestAccess } from './EventGuestAccess';
import { EventModeration } from './EventModeration';
import { EventPrinterAlerts } from './EventPrinterAlerts';
import { EventPrinting } from './EventPrinting';
import { EventVisibilityControl } from './EventVisibilityControl';
import { EventWall } from './EventWall';

/**
 * What the owner and the team do with a created event: who sees it, the guests who may (for an
 * event that is not public), its live wall, its printers and its face search. One set, on the owner's dashboard
 * and on the team's events.
 */
export function CreatedEventTools({
  bname,
  title,
  visibility,
}: {
  bname: string;
  title?: string;
  visibility: EventVisibility;
}) {
  return (
    <>
      {/* First: a printer that stopped is what needs someone now. */}
      <EventPrinterAlerts bname={bname} />
      <EventVisibilityControl bname={bname} title={title} visibility={visibility} />
      {/* A public event is everyone's: there is no guest access to count or take. */}
      {visibility !== 'public' && <EventGuestAccess bname={bname} visibility={visibility} />}
      <EventWall bname={bname} />
      <EventPrinting bname={bname} />
      <EventFaceSearch bname={bname} />
      <EventModeration bname={bname} />
    </>
  );
}
