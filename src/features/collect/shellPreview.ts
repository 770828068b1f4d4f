/**
 * The collect link's page arrives with its photo drawn over the top (server/src/modules/firstPaint/http/
 * collectPreload.ts), so that it shows before any script runs; the screen removes it once its
 * own photo is there, or when it stops showing a photo.
 */
export function removeShellPreview(): void {
  for (const preview of document.querySelectorAll('img[data-shell-preview]')) preview.remove();
}
