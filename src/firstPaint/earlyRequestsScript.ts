/**
 * The page's early script (src/firstPaint/earlyRequests.ts): its own tiny entry, run as soon as it
 * arrives, long before the app. For a booth gallery opened by its address it asks for the
 * event's calls and, once the list answers, for the first thumbnails, while the app downloads.
 * Only for a visitor nobody is signed in as: the app's calls carry a token otherwise.
 */
import Cookies from 'js-cookie';
import { runtimeConfig } from '../api/runtimeConfigReader';
import { COOKIE } from '../../contract/cookieLists';
import { earlyPlan, EARLY_RESPONSES_KEY, firstThumbnails } from './earlyRequests';
import { signedInByRecord } from '../lib/identityRecord';
import { apiBaseFrom, mediaSourceFrom } from '../../contract/runtimeConfig';
import { storageOrNull } from './browserStorage';

function preloadImage(href: string): void {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = href;
  link.setAttribute('fetchpriority', 'high');
  document.head.appendChild(link);
}

function start(): void {
  if (signedInByRecord(storageOrNull('localStorage'), storageOrNull('sessionStorage')) === true) return;
  const plan = earlyPlan({
    pathname: location.pathname,
    historyState: history.state,
    agent: Cookies.get(COOKIE.agent) ?? null,
  });
  if (plan.calls.length === 0) return;
  // The same base as the app's calls (src/api/apiSlice.ts), so that their addresses match.
  const base = apiBaseFrom(runtimeConfig().apiBase, location.origin);
  const responses: Record<string, Promise<Response>> = {};
  for (const call of plan.calls) {
    const url = new URL(base + call, location.href).href;
    // Credentials as the app's own calls send them (fetch's default), so one answer serves both.
    const response = fetch(url);
    // A failure is the app's to see, when it asks again: not an unhandled rejection here.
    response.catch(() => undefined);
    responses[url] = response;
    if (call === plan.gallery) {
      response
        .then((reply) => (reply.ok ? reply.clone().json() : null))
        .then((list: unknown) => firstThumbnails(list).forEach((thumb) => preloadImage(mediaSourceFrom(thumb, base))))
        .catch(() => undefined);
    }
  }
  (window as unknown as Record<string, unknown>)[EARLY_RESPONSES_KEY] = { at: performance.now(), responses };
}

try {
  start();
} catch {
  // Only a head start: the app asks for everything itself.
}
