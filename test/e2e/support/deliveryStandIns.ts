import path from 'node:path';
import { parseMail, type ParsedMail } from '../../../tools/standIns/mimeMessage';
import { readMailbox } from '../../../tools/standIns/mailStandIn';
import type { AcceptedMessage } from '../../../tools/standIns/whatsAppStandIn';

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
  const url = whatsAppStandInUrl();
  const response = await fetch(`${url}/_standin/messages?to=${encodeURIComponent(to.replace(/^\+/, ''))}`);
  if (!response.ok) throw new Error(`the WhatsApp stand-in answered ${response.status}`);
  return ((await response.json()) as { messages: AcceptedMessage[] }).messages;
}

/** The stack's WhatsApp stand-in, as its banner names it (published with the stack: journeyStacks.ts). */
function whatsAppStandInUrl(): string {
  const url = process.env.E2E_WHATSAPP_URL;
  if (!url) throw new Error("the stack's banner names no WhatsApp stand-in: is WHATSAPP_PHONE_NUMBER_ID set for it?");
  return url;
}
