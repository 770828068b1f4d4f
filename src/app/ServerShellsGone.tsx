import { useLayoutEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { removeEventsShell } from '../features/events';

/**
 * The copy of a screen the server drew into the page before the app ran (the events list's empty
 * state: server/src/http/eventsListShell.ts) stands over the top of the page: it must not outlive
 * the app's first screen, whichever that is. A redirect (an order waiting for a sign-in), an error
 * or another address reached before the list mounts would otherwise leave it over another page.
 * Every route renders through here: the copy goes with the first render and with any change of
 * address, before the browser paints. The list removes it itself as it draws the same words, in
 * the same frame (its layout effect runs before this one), so nothing flashes.
 */
export function ServerShellsGone() {
  const { key } = useLocation();
  useLayoutEffect(removeEventsShell, [key]);
  return <Outlet />;
}
