/**
 * The HTTP side of a simulated device: the device API of server/src/modules/devices/http/deviceRoutes.ts, where
 * every call carries the device's id and key (`x-device-id`, `x-device-key`). Failures become
 * one of three errors, so the caller can say something useful: the server is not there, the
 * server does not accept this device, or the server refused this particular request.
 */
import { mimeOf } from '../../contract/mediaPath';

export type DeviceKind = 'booth' | 'printer' | 'mirror' | 'ultra';

export interface DeviceInfo {
  id: string;
  kind: DeviceKind;
  event: string | null;
  mode: string | null;
}

export class ServerUnreachableError extends Error {
  constructor(
    readonly baseUrl: string,
    cause: unknown,
  ) {
    super(`servidor inacessível em ${baseUrl}`, { cause });
  }
}

export class DeviceRejectedError extends Error {
  constructor(readonly device: string) {
    super(`o servidor recusou o dispositivo ${device} (401): a chave está errada ou o dispositivo não existe no banco`);
  }
}

class DeviceApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(`${message} (HTTP ${status}${code ? `, ${code}` : ''})`);
  }
}

/** Long enough for a video upload on a slow link, short enough that a hung server is noticed. */
const TIMEOUT_MS = 60_000;

export class DeviceClient {
  readonly baseUrl: string;

  constructor(
    baseUrl: string,
    readonly id: string,
    private readonly key: string,
  ) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
  }

  me(): Promise<DeviceInfo> {
    return this.json<DeviceInfo>('GET', '/api/device/me');
  }

  /** GET that may answer 204 No Content (nothing to do yet): null then. */
  async poll<T>(path: string): Promise<T | null> {
    const response = await this.send('GET', path);
    return response.status === 204 ? null : ((await response.json()) as T);
  }

  json<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const init = body === undefined ? {} : { body: JSON.stringify(body), contentType: 'application/json' };
    return this.send(method, path, init).then((response) => response.json() as Promise<T>);
  }

  /** Sends a file as the raw request body, the way the device API takes uploads. */
  upload<T>(path: string, file: string, bytes: Buffer): Promise<T> {
    const separator = path.includes('?') ? '&' : '?';
    return this.send('POST', `${path}${separator}file=${encodeURIComponent(file)}`, {
      body: bytes,
      contentType: mimeOf(file),
    }).then((response) => response.json() as Promise<T>);
  }

  /**
   * Downloads a URL: a public media file (`/media/...`), or with `asDevice` one of the device
   * API's (a print job's file, which only the printer that took the job may fetch).
   */
  async download(url: string, { asDevice = false } = {}): Promise<Buffer> {
    const response = await this.send('GET', url, {}, asDevice);
    return Buffer.from(await response.arrayBuffer());
  }

  private async send(
    method: string,
    path: string,
    init: { body?: string | Buffer; contentType?: string } = {},
    authenticate = true,
  ): Promise<Response> {
    const headers: Record<string, string> = {};
    if (authenticate) {
      headers['x-device-id'] = this.id;
      headers['x-device-key'] = this.key;
    }
    if (init.contentType) headers['content-type'] = init.contentType;
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers,
        body: init.body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new ServerUnreachableError(this.baseUrl, error);
    }
    if (response.ok) return response;
    if (response.status === 401 && authenticate) throw new DeviceRejectedError(this.id);
    // Errors of the API are JSON { error, message } (ARCHITECTURE section 3); anything else is shown as text.
    const text = await response.text().catch(() => '');
    let code = '';
    let message = text.slice(0, 200) || response.statusText;
    try {
      const parsed = JSON.parse(text) as { error?: unknown; message?: unknown };
      if (typeof parsed.error === 'string') code = parsed.error;
      if (typeof parsed.message === 'string') message = parsed.message;
    } catch {
      // Not JSON: keep the text.
    }
    throw new DeviceApiError(response.status, code, `${method} ${path}: ${message}`);
  }
}
