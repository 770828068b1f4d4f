/**
 * The events list's empty state (src/features/events/EventsListPage.tsx): the server draws the
 * same words into the page of a visitor whose cookies name no event (server/src/modules/firstPaint/http/
 * eventsListShell.ts), so the page shows them before any script runs.
 */
export const NO_EVENTS_TITLE = 'Nenhum evento encontrado';
export const NO_EVENTS_TEXT =
  'Aqui aparecem apenas os eventos em que você esteve: colete uma foto pelo QR code da cabine.';

/** Marks the copy the server draws, for the app to remove as it draws its own. */
export const EVENTS_SHELL_ATTRIBUTE = 'data-events-shell';
