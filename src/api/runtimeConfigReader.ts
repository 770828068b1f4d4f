import type { RuntimeConfig } from '../../contract/wire';
import { RUNTIME_CONFIG_ELEMENT_ID } from '../../contract/runtimeConfig';

const text = (value: unknown, fallback: string): string => (typeof value === 'string' ? value : fallback);
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

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

/** What the build knows (development defaults; empty in a production build). */
function buildDefaults(): RuntimeConfig {
  return {
    apiBase: process.env.API_BASE ?? '',
    firebase: {
      apiKey: process.env.FIREBASE_API_KEY || 'demo-api-key',
      authDomain: process.env.FIREBASE_AUTH_DOMAIN ?? '',
      projectId: process.env.FIREBASE_PROJECT_ID || 'demo-cabine',
      authEmulatorUrl: process.env.FIREBASE_AUTH_EMULATOR_URL ?? '',
    },
    mercadoPagoPublicKey: process.env.MERCADOPAGO_PUBLIC_KEY ?? '',
  };
}

let cached: RuntimeConfig | null = null;

/**
 * This environment's settings, as the server wrote them into the page (read once): one build
 * serves every environment, and two servers on one checkout do not share a baked-in address.
 */
export function runtimeConfig(): RuntimeConfig {
  if (cached) return cached;
  const block =
    typeof document !== 'undefined' ? document.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent : null;
  cached = parseRuntimeConfig(block, buildDefaults());
  return cached;
}

/** Tests change the page between cases. */
export function forgetRuntimeConfig(): void {
  cached = null;
}
