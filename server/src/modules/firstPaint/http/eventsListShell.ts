import type { FastifyRequest } from 'fastify';
import { COOKIE, parseFlag, parseList } from '../../../../../contract/cookieLists';
import { EVENTS_SHELL_ATTRIBUTE, NO_EVENTS_TEXT, NO_EVENTS_TITLE } from '../../../../../contract/eventsList';
import { ROUTES } from '../../../../../contract/routePaths';
import { escapeAttribute, type PageHead } from './collectPreload';
import { readDecodedCookie } from '../../access';

/**
 * The events list (`/eventos`) of a visitor whose cookies name no event draws its first screen
 * before any script runs: the page's largest paint is its empty state's words, which otherwise
 * waited for the app's code (some 150 kB on a phone's connection, then its run) to be drawn.
 * The server knows what the app will show, from the same cookie (src/session/persistence.ts):
 * no event, 'Nenhum evento encontrado'. A visitor with events gets no copy: their cards are the
 * app's (a signed-in account's events arrive later, and the app shows this empty state until then
 * too). Drawn over the top of the page with the app's own classes (modules/firstPaint/http/galleryShell.ts does the
 * same for a gallery's photos), so it stands where the app draws the same words; the list
 * removes it as it draws them (src/firstPaint/eventsShellRemoval.ts), and the app shell with its
 * first render, whatever it shows (src/firstPaint/shellRemoval.ts).
 */
export function eventsListShellMarkup(): string {
  return (
    `<div ${EVENTS_SHELL_ATTRIBUTE} class="page-shell" aria-hidden="true">` +
    '<div class="site-header"><span class="brand">&nbsp;</span><div class="menu__list"><span ' +
    'class="menu__link">&nbsp;</span></div></div>' +
    '<div class="site-main"><div class="screen">' +
    '<h1 class="screen__title">Eventos</h1>' +
    `<div class="empty"><p class="empty__title">${escapeAttribute(NO_EVENTS_TITLE)}</p><p>` +
    `${escapeAttribute(NO_EVENTS_TEXT)}</p></div>` +
    '</div></div></div>'
  );
}

/** The events list's page: what it draws depends on the visitor's cookies, so no shared cache keeps it. */
export function isEventsListPage(request: FastifyRequest): boolean {
  return request.url.split('?')[0] === ROUTES.events;
}

/**
 * The events list's page, for a visitor with no events: its empty state drawn in. Not while an
 * order waits for a sign-in (the loginRequired cookie): the app then opens /account instead
 * (src/app/LoginRequiredGuard.tsx), and the words would only stand in for a page never shown.
 */
export function eventsListPageHead(): PageHead {
  return async (request) => {
    if (!isEventsListPage(request)) return null;
    if (parseList(readDecodedCookie(request, COOKIE.events)).length > 0) return null;
    if (parseFlag(readDecodedCookie(request, COOKIE.loginRequired))) return null;
    // The app's scripts are asked for once these words are painted (src/firstPaint/photoFirstLoader.ts).
    return { head: '', root: eventsListShellMarkup(), photo: true };
  };
}
