import { useGetEventPrintersQuery } from './accountApi';
import type { EventName } from '../../../contract/names';

/**
 * How often the owner's (and the team's) dashboard asks again during the party what moves by
 * itself: the printers (a printer that stops shows as an alert within these seconds) and the face
 * search's counts (photos arriving, being indexed). Nothing needs a reload. A hidden
 * tab does not ask; it asks again when it is looked at.
 */
export const DASHBOARD_POLL_MS = 5_000;

export const LIVE_QUERY = {
  pollingInterval: DASHBOARD_POLL_MS,
  skipPollingIfUnfocused: true,
  refetchOnFocus: true,
} as const;

/** The event's printers and queue, followed while the dashboard is open: one request for every part that shows them. */
export function useEventPrinters(eventName: EventName) {
  return useGetEventPrintersQuery(eventName, LIVE_QUERY);
}
