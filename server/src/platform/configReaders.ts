import net from 'node:net';
import type { S3Settings } from './storage/s3ObjectStore';

/**
 * The server's environment variables read one by one (config.ts): each checked, refused in Portuguese with what was
 * given.
 */

/** Where media files are kept (MEDIA_STORE and the S3_* variables). */
export type MediaStoreSetting = { kind: 'disk' } | ({ kind: 's3' } & S3Settings);

export class ConfigError extends Error {}

export type Env = Record<string, string | undefined>;

export function mediaPublicBase(value: string | undefined, production: boolean): string | null {
  if (!value) return null;
  const refuse = () =>
    new ConfigError(
      `MEDIA_PUBLIC_BASE deve ser um endereço ${production ? 'https' : 'http(s)'} sem parâmetros (?), âncora ` +
        `(#) nem usuário e senha; recebido "${value}".`,
    );
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw refuse();
  }
  const schemes = production ? ['https:'] : ['https:', 'http:'];
  if (
    !schemes.includes(url.protocol) ||
    url.search ||
    url.hash ||
    url.username ||
    url.password ||
    /[?#\s]/.test(value.trim())
  )
    throw refuse();
  // The address as URL writes it (what goes into every redirect's Location), without its last slash.
  return url.href.replace(/\/+$/, '');
}

export function rateLimitStore(value: string | undefined): 'database' | 'memory' {
  if (value === undefined || value === '' || value === 'database') return 'database';
  if (value === 'memory') return 'memory';
  throw new ConfigError(`RATE_LIMIT_STORE deve ser "database" ou "memory"; recebido "${value}".`);
}

export function mediaStore(env: Env): MediaStoreSetting {
  const kind = env.MEDIA_STORE || 'disk';
  if (kind === 'disk') return { kind };
  if (kind !== 's3') throw new ConfigError(`MEDIA_STORE deve ser "disk" ou "s3"; recebido "${kind}".`);
  const bucket = env.S3_BUCKET ?? '';
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    throw new ConfigError(`S3_BUCKET deve ser o nome de um bucket quando MEDIA_STORE=s3; recebido "${bucket}".`);
  const endpoint = env.S3_ENDPOINT || null;
  if (endpoint && !/^https?:\/\/[^/]+\/?$/.test(endpoint))
    throw new ConfigError(`S3_ENDPOINT deve ser uma origem (https://host:porta, sem caminho); recebido "${endpoint}".`);
  const pathStyle = env.S3_FORCE_PATH_STYLE ?? '';
  if (!['', 'true', 'false'].includes(pathStyle))
    throw new ConfigError(`S3_FORCE_PATH_STYLE deve ser "true" ou "false"; recebido "${pathStyle}".`);
  const accessKeyId = env.AWS_ACCESS_KEY_ID ?? '';
  const secretAccessKey = env.AWS_SECRET_ACCESS_KEY ?? '';
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    throw new ConfigError('AWS_ACCESS_KEY_ID e AWS_SECRET_ACCESS_KEY andam juntas: defina as duas ou nenhuma.');
  return {
    kind,
    bucket,
    endpoint,
    region: env.S3_REGION || 'us-east-1',
    forcePathStyle: pathStyle === 'true',
    ...(accessKeyId ? { credentials: { accessKeyId, secretAccessKey } } : {}),
  };
}

export function wholeNumber(value: string | undefined, fallback: number, name: string, max: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > max)
    throw new ConfigError(`${name} deve ser um número inteiro de 0 a ${max}; recebido "${value}".`);
  return n;
}

export function positiveInteger(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new ConfigError(`${name} deve ser um número inteiro maior que 0; recebido "${value}".`);
  return n;
}

export function port(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new ConfigError(`${name} deve ser um número de porta, de 0 a 65535; recebido "${value}".`);
  return n;
}

/** The names proxy-addr understands besides addresses and ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function proxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset, empty or `false`, no proxy is believed (the peer's address is the client's);
 * a whole number n ≥ 1, the n proxies nearest the server are (n hops of X-Forwarded-For); a comma
 * list of addresses, CIDR ranges or proxy-addr's names, those proxies are; `true`, every hop is
 * (only when nothing but your proxy can reach the server).
 */
export function trustProxy(value: string | undefined): boolean | number | string[] {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops < 1 || hops > 100)
      throw new ConfigError(`TRUST_PROXY deve ser um número de saltos de 1 a 100; recebido "${value}".`);
    return hops;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !proxyAddress(entry));
  if (bad !== undefined) {
    throw new ConfigError(
      `TRUST_PROXY deve ser false, true, um número de saltos ou uma lista de endereços e faixas CIDR separados ` +
        `por vírgula; "${bad}" não é nenhum deles.`,
    );
  }
  return entries;
}

export function serverSecret(value: string | undefined, name: string): string | null {
  if (value === undefined || value === '') return null;
  if (value.length < 32) throw new ConfigError(`${name} deve ter pelo menos 32 caracteres (um texto aleatório).`);
  return value;
}
