import type { RuntimeConfig } from '../api/wire';

/** The id of the JSON data block that carries the RuntimeConfig in a page the server serves. */
export const RUNTIME_CONFIG_ELEMENT_ID = 'runtime-config';

const text = (value: unknown, fallback: string): string => (typeof value === 'string' ? value : fallback);
const record = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {});

/**
 * Reads the settings block of a served page; every setting it lacks (or a page with no block,
 * as the development server serves) keeps the build's own value.
 */
export function parseRuntimeConfig(json: string | null | undefined, fallback: RuntimeConfig): RuntimeConfig {
  let parsed: unknown;
  try {
    parsed = json ? JSON.parse(json) : {};
  } catch {
    return fallback;
  }
  const given = record(parsed);
  const firebase = record(given.firebase);
  return {
    apiBase: text(given.apiBase, fallback.apiBase),
    firebase: {
      apiKey: text(firebase.apiKey, fallback.firebase.apiKey),
      authDomain: text(firebase.authDomain, fallback.firebase.authDomain),
      projectId: text(firebase.projectId, fallback.firebase.projectId),
      authEmulatorUrl: text(firebase.authEmulatorUrl, fallback.firebase.authEmulatorUrl),
    },
    mercadoPagoPublicKey: text(given.mercadoPagoPublicKey, fallback.mercadoPagoPublicKey),
  };
}

/** Writes the settings as a data block safe inside HTML (no `</script>` can close it early). */
export function runtimeConfigScript(config: RuntimeConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
  return `<script id="${RUNTIME_CONFIG_ELEMENT_ID}" type="application/json">${json}</script>`;
}
