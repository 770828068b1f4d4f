import { parseArgs } from 'node:util';
import { PRINTER_STATES, type PrinterState } from '../../contract/wire';
import { isRole, ROLES, type Role } from './roles';
import { DEFAULT_URL, serverUrlFromEnv, UnknownPortError } from './serverUrl';

/** The command line of `npm run booth`. */
export interface BoothOptions {
  url: string;
  once: boolean;
  only: Role | null;
  /** Device id and key for the camera, or for the device chosen with --only. */
  device: string | null;
  key: string | null;
  /** The printer jams on what it takes: each job fails (its copy back to the pack), then it says it is jammed. */
  printerJam: boolean;
  /** The state the printer says it is in before it asks for jobs. */
  printerState: PrinterState | null;
  help: boolean;
}

export const USAGE = `Simulador de cabines: faz o papel de cada dispositivo do seed de demonstração.

Uso: npm run booth -- [opções]

  --url URL          endereço do servidor (padrão: $BOOTH_URL, ou http://$HOST:$PORT como no
                     npm start, ou ${DEFAULT_URL})
  --once             envia uma foto, imprime o que está na fila agora e sai
  --only PAPEL       só um dispositivo: ${ROLES.join(' | ')}
  --device ID        o dispositivo a simular (a câmera, ou o escolhido em --only)
  --key CHAVE        a chave desse dispositivo (padrão: a do seed de demonstração)
  --printer-jam      a impressora trava no que pegar: cada trabalho falha (a cópia volta ao
                     pacote) e ela diz que está com papel atolado
  --printer-state E  o estado que a impressora diz ao ligar (padrão: ready): ${PRINTER_STATES.join(' | ')}
  -h, --help         esta ajuda

Sem --once, roda até Ctrl-C: a câmera envia uma foto a cada 20 s; a impressora, o espelho
e a plataforma 360 consultam o servidor a cada 2 s.`;

export class UsageError extends Error {}

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
        'printer-jam': { type: 'boolean', default: false },
        'printer-state': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const printerState = values['printer-state'] ?? null;
  if (printerState !== null && !(PRINTER_STATES as readonly string[]).includes(printerState)) {
    throw new UsageError(`--printer-state deve ser um de: ${PRINTER_STATES.join(', ')} (recebido "${printerState}")`);
  }
  const only = values.only ?? null;
  if (only !== null && !isRole(only))
    throw new UsageError(`--only deve ser um de: ${ROLES.join(', ')} (recebido "${only}")`);
  let url = values.url;
  try {
    url ??= serverUrlFromEnv(env);
  } catch (error) {
    if (error instanceof UnknownPortError) throw new UsageError(error.message);
    throw error;
  }
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('protocol');
  } catch {
    throw new UsageError(`endereço inválido: "${url}" (exemplo: ${DEFAULT_URL})`);
  }
  return {
    url,
    once: values.once ?? false,
    only,
    device: values.device ?? null,
    key: values.key ?? null,
    printerJam: values['printer-jam'] ?? false,
    printerState: printerState as PrinterState | null,
    help: values.help ?? false,
  };
}
