import fs from 'node:fs';
import path from 'node:path';
import { parseMail, type ParsedMail } from '../../../tools/standIns/mimeMessage';
import { readMailbox } from '../../../tools/standIns/mailStandIn';
import type { AcceptedMessage } from '../../../tools/standIns/whatsAppStandIn';
import { baseUrl } from './browser';

/**
 * What the mail and WhatsApp stand-ins of the journey's stack received (docs/operations.md#the-stand-ins), as
 * `npm start` runs them: the mail stand-in writes each message into the stack's data folder (`mail/`); the WhatsApp
 * one keeps what it accepted in memory, asked over its `/_standin/` routes.
 */

export interface MailReceived extends ParsedMail {
  to: string[];
}

/** The mails the stack's mail stand-in received for `to`, in the order they arrived. */
export function mailsTo(to: string): MailReceived[] {
  const dir = path.join(process.env.E2E_DATA_DIR ?? '', 'mail');
  return readMailbox(dir)
    .filter((mail) => mail.to.includes(to))
    .map((mail) => ({ to: mail.to, ...parseMail(mail.raw) }));
}

/** The WhatsApp messages the stack's stand-in accepted for `to` (E.164, with or without its `+`). */
export async function whatsAppMessagesTo(to: string): Promise<AcceptedMessage[]> {
  const url = await whatsAppStandInUrl();
  const response = await fetch(`${url}/_standin/messages?to=${encodeURIComponent(to.replace(/^\+/, ''))}`);
  if (!response.ok) throw new Error(`the WhatsApp stand-in answered ${response.status}`);
  return ((await response.json()) as { messages: AcceptedMessage[] }).messages;
}

let found: string | null = null;

/**
 * The WhatsApp stand-in's address. The stack prints it in its banner only, which the journeys do not see; so, unless
 * `E2E_WHATSAPP_URL` names it, it is looked for among the ports the stack's own process listens on (Linux's /proc:
 * the process that listens on the stack's port, then its other listening sockets), the one that answers as the
 * stand-in does.
 */
export async function whatsAppStandInUrl(): Promise<string> {
  if (process.env.E2E_WHATSAPP_URL) return process.env.E2E_WHATSAPP_URL;
  if (found) return found;
  for (const port of listeningPortsOfStack(Number(new URL(baseUrl()).port))) {
    const url = `http://127.0.0.1:${port}`;
    try {
      const response = await fetch(`${url}/_standin/notifications`, { signal: AbortSignal.timeout(2_000) });
      const body = (await response.json()) as { notifications?: unknown };
      if (response.ok && Array.isArray(body.notifications)) {
        found = url;
        return url;
      }
    } catch {
      // not the stand-in: the SMTP stand-in, the server itself
    }
  }
  throw new Error('the WhatsApp stand-in of the stack was not found');
}

/** Listening TCP sockets: inode → port. */
function listeningSockets(): Map<string, number> {
  const sockets = new Map<string, number>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!fs.existsSync(table)) continue;
    for (const line of fs.readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // local address, state 0A (LISTEN), inode
      if (fields.length < 10 || fields[3] !== '0A') continue;
      sockets.set(fields[9], parseInt(fields[1].split(':')[1], 16));
    }
  }
  return sockets;
}

function socketInodesOf(pid: string): string[] {
  try {
    return fs
      .readdirSync(`/proc/${pid}/fd`)
      .map((fd) => {
        try {
          return /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1] ?? null;
        } catch {
          return null;
        }
      })
      .filter((inode): inode is string => inode !== null);
  } catch {
    return [];
  }
}

/** The other ports the process that listens on `port` listens on. */
function listeningPortsOfStack(port: number): number[] {
  const sockets = listeningSockets();
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    const ports = socketInodesOf(pid).flatMap((inode) => (sockets.has(inode) ? [sockets.get(inode) ?? 0] : []));
    if (ports.includes(port)) return ports.filter((other) => other !== port);
  }
  return [];
}
