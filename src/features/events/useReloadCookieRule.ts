import { useEffect } from 'react';
import { applyReloadCookie, browserCookieJar } from '../../session';
import { reloadPage } from '../../ui/pageReload';

/** docs/product.md#event-page: on the event page, a `reload` cookie of 1 becomes 0 and the page reloads once. */
export function useReloadCookieRule(): void {
  useEffect(() => {
    applyReloadCookie(browserCookieJar, reloadPage);
  }, []);
}
