/** How many events a face search looks through at once (issue 28): a visitor's own, and the page's. */
export const MAX_FACE_SEARCH_EVENTS = 50;
