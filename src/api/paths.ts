// The request path builders live in src/lib (the page's early requests use them before the app loads).
export { listSegment, path } from '../lib/urlPath';
