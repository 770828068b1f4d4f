import crypto from 'node:crypto';
import nodemailer from 'nodemailer';
import { senderAddress, type SmtpSettings } from '../../../platform/configDelivery';
import { emailContent, safeLink } from './emailContent';
import { smtpFailure } from './smtpFailures';
import type { DeliveryTransport, OutgoingMessage, SendResult } from './transport';

/**
 * E-mail through an SMTP server (nodemailer): HTML and text, the photos as links, 'Parar de receber' in the body and
 * as RFC 8058's one-click List-Unsubscribe. The Message-ID is made from the message's idempotency key, so a message
 * sent again after a crash carries the same id, which mail services that de-duplicate by it drop.
 */

/** The Message-ID of a message: the same key always gives the same id, under the sender's domain. */
export function messageIdOf(idempotencyKey: string, from: string): string {
  const domain = senderAddress(from)?.split('@')[1] ?? 'cabine.example';
  const digest = crypto.createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 40);
  return `<${digest}.fotos@${domain}>`;
}

/**
 * Where a mail client's one-click unsubscribe posts (RFC 8058): the API's stop route for the page's link
 * `{origin}/parar/{token}` (docs/api.md), which takes `List-Unsubscribe=One-Click` as a form; any other link as it
 * is.
 */
export function oneClickUrl(stopUrl: string): string {
  const url = new URL(stopUrl);
  const token = /^\/parar\/([^/]+)$/.exec(url.pathname)?.[1];
  return token ? `${url.origin}/api/entregas/parar/${token}` : url.href;
}

function unsubscribeHeaders(stopUrl: string): Record<string, string> {
  const link = safeLink(stopUrl);
  if (!link) return {};
  return { 'List-Unsubscribe': `<${oneClickUrl(link)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** How long an SMTP server may keep us waiting, at each step, before the send is tried again later. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function emailTransport(settings: SmtpSettings): DeliveryTransport {
  const transporter = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.tls === 'tls',
    requireTLS: settings.tls === 'starttls',
    ignoreTLS: settings.tls === 'none',
    ...(settings.user && settings.password ? { auth: { user: settings.user, pass: settings.password } } : {}),
    // A party's burst goes through a few connections kept open, not one connection per message.
    pool: true,
    maxConnections: 3,
    ...TIMEOUTS,
  });
  return {
    channel: 'email',
    async send(message: OutgoingMessage): Promise<SendResult> {
      if (message.channel !== 'email')
        return { ok: false, retryable: false, reason: 'mensagem de outro canal entregue ao e-mail' };
      const messageId = messageIdOf(message.idempotencyKey, settings.from);
      const content = emailContent(message);
      try {
        await transporter.sendMail({
          from: settings.from,
          to: message.to,
          subject: content.subject,
          text: content.text,
          html: content.html,
          messageId,
          headers: unsubscribeHeaders(message.stopUrl),
        });
        return { ok: true, providerId: messageId };
      } catch (error) {
        return { ok: false, ...smtpFailure(error) };
      }
    },
    async close() {
      transporter.close();
    },
  };
}
