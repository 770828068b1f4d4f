import { EVENTS_SHELL_ATTRIBUTE } from '../../contract/eventsList';

/**
 * The events list's page may arrive with its empty state drawn over the top by the server
 * (server/src/modules/firstPaint/http/eventsListShell.ts): the list removes that copy as it draws its own screen
 * (before the browser paints again, so nothing flashes), and the page's loader does with the app's
 * first render, whatever it shows (src/firstPaint/shellRemoval.ts).
 */
export function removeEventsShell(): void {
  if (typeof document === 'undefined') return;
  for (const shell of document.querySelectorAll(`[${EVENTS_SHELL_ATTRIBUTE}]`)) shell.remove();
}
