/**
 * The server `npm run booth` talks to when no --url is given: BOOTH_URL, or else where `npm start`
 * serves, from the same HOST and PORT it reads (server/src/platform/config.ts), so one environment starts
 * both. Pure, no imports: its tests need nothing of the simulator.
 */
const DEFAULT_HOST = '127.0.0.1';
const DEFAULT_PORT = 8080;
export const DEFAULT_URL = `http://${DEFAULT_HOST}:${DEFAULT_PORT}`;
/** Addresses a server listens on to take every interface: the simulator reaches it on this machine. */
const EVERY_INTERFACE: Record<string, string> = { '0.0.0.0': DEFAULT_HOST, '::': '::1' };

/** A PORT that says nothing of where the server is (0 is a port only the running server knows). */
export class UnknownPortError extends Error {
  constructor(readonly port: string) {
    super(`PORT="${port}" não diz em que porta o servidor está: informe o endereço com --url (ou BOOTH_URL)`);
  }
}

export function serverUrlFromEnv(env: Record<string, string | undefined>): string {
  if (env.BOOTH_URL) return env.BOOTH_URL;
  const rawPort = env.PORT || String(DEFAULT_PORT);
  const port = Number(rawPort);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new UnknownPortError(rawPort);
  const listening = env.HOST || DEFAULT_HOST;
  const host = EVERY_INTERFACE[listening] ?? listening;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}
