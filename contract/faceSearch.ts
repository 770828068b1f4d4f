/** How many events a face search looks through at once: a visitor's own, and the page's. */
export const MAX_FACE_SEARCH_EVENTS = 50;

/** The most photos one 'Pegar todas' request names (the SPA sends a longer list in parts). */
export const MAX_COLLECT_FOUND = 500;
