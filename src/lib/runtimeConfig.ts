/** The id of the JSON data block that carries the RuntimeConfig in a page the server serves. */
export const RUNTIME_CONFIG_ELEMENT_ID = 'runtime-config';

/** Writes the settings as a data block safe inside HTML (no `</script>` can close it early). */
export function runtimeConfigScript(config: object): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
  return `<script id="${RUNTIME_CONFIG_ELEMENT_ID}" type="application/json">${json}</script>`;
}
