import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkSendRequest, type AcceptedRequest, type KnownTemplate } from './whatsAppRequests';
import { graphError, messageId, sendAnswer, statusNotification, type StatusOfMessage } from './whatsAppShapes';
import { standInPage } from './whatsAppStandInPage';

/**
 * A local stand-in for the WhatsApp Business Cloud API (docs/operations.md#the-whatsapp-stand-in), which these
 * machines cannot reach: `POST /{version}/{phone-number-id}/messages` with Meta's request, answers and error codes;
 * it keeps what it accepted, and posts signed status notifications (sent, delivered, read; or failed) to the webhook
 * registered for the phone number id, as Meta posts to an app's callback URL. Its `/_standin/` routes are for tests,
 * the benchmark and a developer: what it accepted, the webhook of a number, failures to play.
 */

export const STAND_IN_TOKEN = 'token-do-stand-in-do-whatsapp';
export const STAND_IN_TEMPLATES: readonly KnownTemplate[] = [
  { name: 'cabine_fotos', language: 'pt_BR', imageHeader: true, bodyParameters: 5 },
  { name: 'cabine_fim_da_festa', language: 'pt_BR', imageHeader: false, bodyParameters: 5 },
];

export interface AcceptedMessage extends AcceptedRequest {
  id: string;
  phoneNumberId: string;
  receivedAt: string;
  /** What fetching the header's image answered (0: no answer), when its webhook asks for it; null: not fetched. */
  mediaAnswer: number | null;
}

/**
 * Where the statuses of a phone number id's messages go, signed with `appSecret`. `fetchMedia`: the image header's
 * link is fetched as Meta fetches it to send the message, and a link that does not answer 200 fails the message
 * (131053), so that a test or `npm start` sees a short-lived link that does not work.
 */
export interface StandInWebhook {
  url: string;
  appSecret: string;
  fetchMedia?: boolean;
}

/** A failure to play for a number: `times` sends refused with `code` (or, `async`, accepted then failed). */
export interface PlayedFailure {
  code: number;
  times: number;
  async: boolean;
}

export interface NotificationPosted {
  messageId: string;
  status: StatusOfMessage['status'];
  /** The webhook's answer, or 0 when it could not be reached. */
  answer: number;
}

export interface WhatsAppStandIn {
  url: string;
  accepted(): AcceptedMessage[];
  notifications(): NotificationPosted[];
  setWebhook(phoneNumberId: string, webhook: StandInWebhook): void;
  failNext(to: string, failure: Partial<PlayedFailure> & { code: number }): void;
  close(): Promise<void>;
}

export interface WhatsAppStandInOptions {
  host?: string;
  port?: number;
  token?: string;
  templates?: readonly KnownTemplate[];
  /** Between one status and the next (sent, delivered, read). */
  statusEveryMs?: number;
}

const MESSAGES_PATH = /^\/v\d{1,3}\.\d{1,2}\/(\d{1,30})\/messages$/;
const BODY_LIMIT = 256 * 1024;

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_LIMIT) request.destroy(new Error('body too large'));
      else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function answer(response: http.ServerResponse, status: number, body: unknown): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  response.writeHead(status, {
    'content-type': typeof body === 'string' ? 'text/html; charset=utf-8' : 'application/json',
  });
  response.end(text);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startWhatsAppStandIn(options: WhatsAppStandInOptions = {}): Promise<WhatsAppStandIn> {
  const token = options.token ?? STAND_IN_TOKEN;
  const templates = options.templates ?? STAND_IN_TEMPLATES;
  const every = options.statusEveryMs ?? 50;
  const accepted: AcceptedMessage[] = [];
  const posted: NotificationPosted[] = [];
  const webhooks = new Map<string, StandInWebhook>();
  const failures = new Map<string, PlayedFailure>();
  const pending = new Set<Promise<void>>();
  let closing = false;

  /** Posts one status as Meta does, signed, tried again a few times while the app does not answer 200. */
  async function post(status: StatusOfMessage): Promise<void> {
    const webhook = webhooks.get(status.phoneNumberId);
    if (!webhook) return;
    const body = statusNotification(status);
    const signature = `sha256=${crypto.createHmac('sha256', webhook.appSecret).update(body).digest('hex')}`;
    let code = 0;
    for (let attempt = 0; attempt < 5 && !closing; attempt += 1) {
      try {
        const response = await fetch(webhook.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        code = response.status;
        await response.arrayBuffer();
        if (response.ok) break;
      } catch {
        code = 0;
      }
      await sleep(200 * 2 ** attempt);
    }
    posted.push({ messageId: status.id, status: status.status, answer: code });
  }

  /** Fetches the image header's link as Meta does; the reason it failed, or null when it answered 200. */
  async function fetchedMedia(message: AcceptedMessage): Promise<string | null> {
    try {
      const response = await fetch(message.imageLink ?? '', { signal: AbortSignal.timeout(10_000) });
      await response.arrayBuffer();
      message.mediaAnswer = response.status;
      return response.ok ? null : `Media download failed: HTTP ${response.status}.`;
    } catch (error) {
      message.mediaAnswer = 0;
      return `Media download failed: ${error instanceof Error ? error.message : String(error)}.`;
    }
  }

  function notify(message: AcceptedMessage, failure: PlayedFailure | null): void {
    const base = {
      id: message.id,
      recipientId: message.to,
      phoneNumberId: message.phoneNumberId,
      callbackData: message.callbackData,
    };
    const run = (async () => {
      const fetchMedia = webhooks.get(message.phoneNumberId)?.fetchMedia === true && message.imageLink !== null;
      const media = fetchMedia && !failure ? await fetchedMedia(message) : null;
      const failed = failure
        ? { code: failure.code, details: 'Falha simulada pelo stand-in.' }
        : media
          ? { code: 131053, details: media }
          : null;
      const steps: StatusOfMessage[] = failed
        ? [{ ...base, status: 'failed', failure: failed }]
        : (['sent', 'delivered', 'read'] as const).map((status) => ({ ...base, status }));
      for (const step of steps) {
        await sleep(every);
        if (closing) return;
        await post(step);
      }
    })();
    pending.add(run);
    void run.finally(() => pending.delete(run));
  }

  async function messages(phoneNumberId: string, request: http.IncomingMessage, response: http.ServerResponse) {
    if (request.headers.authorization !== `Bearer ${token}`) {
      const refused = graphError(190, 'Invalid OAuth access token - Cannot parse access token');
      return answer(response, refused.status, refused.body);
    }
    let body: unknown;
    try {
      body = JSON.parse(await readBody(request));
    } catch {
      const refused = graphError(100, 'The request body is not JSON.');
      return answer(response, refused.status, refused.body);
    }
    const check = checkSendRequest(body, templates);
    if (!check.ok) {
      const refused = graphError(check.code, check.details);
      return answer(response, refused.status, refused.body);
    }
    const played = failures.get(check.request.to);
    let failsLater: PlayedFailure | null = null;
    if (played && played.times > 0) {
      played.times -= 1;
      if (!played.async) {
        const refused = graphError(played.code, 'Falha simulada pelo stand-in.');
        return answer(response, refused.status, refused.body);
      }
      failsLater = played;
    }
    const message: AcceptedMessage = {
      ...check.request,
      id: messageId(),
      phoneNumberId,
      receivedAt: new Date().toISOString(),
      mediaAnswer: null,
    };
    accepted.push(message);
    answer(response, 200, sendAnswer(check.request.to, message.id));
    notify(message, failsLater);
  }

  async function control(path: string, request: http.IncomingMessage, response: http.ServerResponse) {
    const url = new URL(path, 'http://stand-in');
    if (request.method === 'GET' && url.pathname === '/_standin/messages') {
      const to = url.searchParams.get('to')?.replace(/^\+/, '');
      return answer(response, 200, { messages: accepted.filter((message) => !to || message.to === to) });
    }
    if (request.method === 'GET' && url.pathname === '/_standin/notifications')
      return answer(response, 200, { notifications: posted });
    const webhook = /^\/_standin\/webhooks\/(\d{1,30})$/.exec(url.pathname);
    const failure = /^\/_standin\/failures\/\+?(\d{8,15})$/.exec(url.pathname);
    if (request.method === 'PUT' && (webhook || failure)) {
      const body = JSON.parse((await readBody(request)) || '{}') as Record<string, unknown>;
      if (webhook)
        stand.setWebhook(webhook[1], {
          url: String(body.url),
          appSecret: String(body.appSecret),
          fetchMedia: body.fetchMedia === true,
        });
      if (failure)
        stand.failNext(failure[1], {
          code: Number(body.code),
          times: Number(body.times ?? 1),
          async: body.async === true,
        });
      response.writeHead(204).end();
      return;
    }
    answer(response, 404, { error: 'not found' });
  }

  const server = http.createServer((request, response) => {
    const path = request.url ?? '/';
    const send = MESSAGES_PATH.exec(path.split('?')[0]);
    const handled =
      request.method === 'POST' && send
        ? messages(send[1], request, response)
        : path.startsWith('/_standin/')
          ? control(path, request, response)
          : Promise.resolve(answer(response, 200, standInPage(accepted)));
    handled.catch(() => {
      if (!response.headersSent) answer(response, 400, graphError(100, 'Invalid request.').body);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const stand: WhatsAppStandIn = {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    accepted: () => [...accepted],
    notifications: () => [...posted],
    setWebhook: (phoneNumberId, webhook) => webhooks.set(phoneNumberId, webhook),
    failNext: (to, failure) =>
      failures.set(to.replace(/^\+/, ''), {
        code: failure.code,
        times: failure.times ?? 1,
        async: failure.async ?? false,
      }),
    async close() {
      closing = true;
      await Promise.allSettled([...pending]);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return stand;
}
