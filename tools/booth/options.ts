import { parseArgs } from 'node:util';
import { isRole, ROLES, type Role } from './roles';

/** The command line of `npm run booth`. */
export interface BoothOptions {
  url: string;
  once: boolean;
  only: Role | null;
  /** Device id and key for the camera, or for the device chosen with --only. */
  device: string | null;
  key: string | null;
  help: boolean;
}

const DEFAULT_HOST = '127.0.0.1';
const DEFAULT_PORT = 8080;
const DEFAULT_URL = `http://${DEFAULT_HOST}:${DEFAULT_PORT}`;
/** Addresses a server listens on to take every interface: the simulator reaches it on this machine. */
const EVERY_INTERFACE: Record<string, string> = { '0.0.0.0': DEFAULT_HOST, '::': '::1' };

export const USAGE = `Simulador de cabines: faz o papel de cada dispositivo do seed de demonstração.

Uso: npm run booth -- [opções]

  --url URL          endereço do servidor (padrão: $BOOTH_URL, ou http://$HOST:$PORT como no
                     npm start, ou ${DEFAULT_URL})
  --once             envia uma foto, imprime o que está na fila agora e sai
  --only PAPEL       só um dispositivo: ${ROLES.join(' | ')}
  --device ID        o dispositivo a simular (a câmera, ou o escolhido em --only)
  --key CHAVE        a chave desse dispositivo (padrão: a do seed de demonstração)
  -h, --help         esta ajuda

Sem --once, roda até Ctrl-C: a câmera envia uma foto a cada 20 s; a impressora, o espelho
e a plataforma 360 consultam o servidor a cada 2 s.`;

export class UsageError extends Error {}

/**
 * Where `npm start` serves when nothing else is said: its own HOST and PORT (server/src/config.ts),
 * so one environment starts both. PORT=0 is a port only the running server knows.
 */
function serverUrlFromEnv(env: Record<string, string | undefined>): string {
  const rawPort = env.PORT || String(DEFAULT_PORT);
  const port = Number(rawPort);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new UsageError(`PORT="${rawPort}" não diz em que porta o servidor está: informe o endereço com --url (ou BOOTH_URL)`);
  }
  const listening = env.HOST || DEFAULT_HOST;
  const host = EVERY_INTERFACE[listening] ?? listening;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

export function parseBoothOptions(argv: string[], env: Record<string, string | undefined>): BoothOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        url: { type: 'string' },
        once: { type: 'boolean', default: false },
        only: { type: 'string' },
        device: { type: 'string' },
        key: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const only = values.only ?? null;
  if (only !== null && !isRole(only)) throw new UsageError(`--only deve ser um de: ${ROLES.join(', ')} (recebido "${only}")`);
  const url = values.url ?? (env.BOOTH_URL || serverUrlFromEnv(env));
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('protocol');
  } catch {
    throw new UsageError(`endereço inválido: "${url}" (exemplo: ${DEFAULT_URL})`);
  }
  return { url, once: values.once ?? false, only, device: values.device ?? null, key: values.key ?? null, help: values.help ?? false };
}
