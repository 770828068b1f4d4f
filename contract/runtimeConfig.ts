/** The id of the JSON data block that carries the RuntimeConfig in a page the server serves. */
export const RUNTIME_CONFIG_ELEMENT_ID = 'runtime-config';

/** Writes the settings as a data block safe inside HTML (no `</script>` can close it early). */
export function runtimeConfigScript(config: object): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
  return `<script id="${RUNTIME_CONFIG_ELEMENT_ID}" type="application/json">${json}</script>`;
}

/**
 * `{backend}` of docs/api.md#basics: `API_BASE` as the server's page says, else `/api` on the page's
 * own origin. The prefix keeps API paths such as `/account` apart from the SPA's routes of the same name.
 */
export function apiBaseFrom(configured: string, pageOrigin: string): string {
  if (configured) return configured.replace(/\/+$/, '');
  return `${pageOrigin}/api`;
}

/**
 * Where a media URL of the contract (`/media/...`, `/thumbs/...`) is fetched from: the backend's
 * origin, which is the page's own unless API_BASE names another.
 */
export function mediaSourceFrom(url: string, apiBase: string): string {
  if (/^https?:\/\//.test(url)) return url;
  try {
    return new URL(url, new URL(apiBase).origin).toString();
  } catch {
    return url;
  }
}
