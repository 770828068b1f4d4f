import type { RuntimeConfig } from './wire';
import { parseRuntimeConfig, RUNTIME_CONFIG_ELEMENT_ID } from '../lib/runtimeConfig';

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
  const block = typeof document !== 'undefined' ? document.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent : null;
  cached = parseRuntimeConfig(block, buildDefaults());
  return cached;
}

/** Tests change the page between cases. */
export function forgetRuntimeConfig(): void {
  cached = null;
}
