/**
 * Which addresses are pages of the app, each answered with its shell: the server's history
 * fallback (server/src/modules/firstPaint/http/staticFiles.ts) and the service worker's navigations (src/sw) share
 * this rule. The server's own folders and any file are not pages. Only the path counts, never the
 * query: a collect link's id and a gallery's opened item end in a file's extension
 * (`/collect?id=/media/festa/pad/abc.jpg`), and they are pages all the same.
 */
const SERVER_FOLDERS = /^\/(api|media|thumbs|display|catalogo|assets)(\/|$)/;
const FILE_NAME = /\.[A-Za-z0-9]{1,5}$/;

export function isPagePath(pathname: string): boolean {
  return !SERVER_FOLDERS.test(pathname) && !FILE_NAME.test(pathname);
}
