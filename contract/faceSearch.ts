/** How many events a face search looks through at once (issue 28): a visitor's own, and the page's. */
export const MAX_FACE_SEARCH_EVENTS = 50;

/** The most photos one 'Pegar todas' request names (issue 43; the SPA sends a longer list in parts). */
export const MAX_COLLECT_FOUND = 500;
