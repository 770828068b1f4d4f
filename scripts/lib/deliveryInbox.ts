/**
 * bench:delivery's stand-ins, in the bench's own process so that each message is timed on the clock that timed the
 * upload: the SMTP stand-in and the WhatsApp Cloud API stand-in that `npm start` would run (tools/standIns), the
 * variables that point every app server at them, and what each accepted as arrivals (scripts/lib/deliveryCount.ts).
 */
import crypto from 'node:crypto';
import { startMailStandIn, type MailStandIn } from '../../tools/standIns/mailStandIn';
import { parseMail } from '../../tools/standIns/mimeMessage';
import { STAND_IN_TOKEN, startWhatsAppStandIn, type WhatsAppStandIn } from '../../tools/standIns/whatsAppStandIn';
import { STAND_IN_PHONE_NUMBER_ID } from '../../tools/localStack/localDelivery';
import type { Arrival } from './deliveryCount';

export interface DeliveryInbox {
  /** SMTP_* and WHATSAPP_*: the same for every app server. */
  env: Record<string, string>;
  /** Where the WhatsApp stand-in posts its signed status notifications (an app server's origin). */
  statusesTo(origin: string): void;
  /** Every message both stand-ins accepted so far. */
  arrivals(): Arrival[];
  close(): Promise<void>;
}

/** The media URL a photo's page link opens (`.../collect?id=/media/...`), or null. */
export function photoOfPageLink(link: string): string | null {
  try {
    const url = new URL(link);
    return url.pathname === '/collect' ? url.searchParams.get('id') : null;
  } catch {
    return null;
  }
}

/** The photos an e-mail carries: its text part's gallery links, one per photo. */
function photosOfMail(text: string): string[] {
  const links = text.match(/https?:\/\/\S+\/collect\?id=\S+/g) ?? [];
  return [...new Set(links.map(photoOfPageLink).filter((photo): photo is string => photo !== null))];
}

export async function startDeliveryInbox(): Promise<DeliveryInbox> {
  const mailArrivals: Arrival[] = [];
  const mail: MailStandIn = await startMailStandIn({
    onMail: (received) => {
      const parsed = parseMail(received.raw);
      for (const to of received.to)
        mailArrivals.push({
          channel: 'email',
          to,
          photos: photosOfMail(parsed.text ?? ''),
          key: parsed.headers['message-id'] ?? null,
          at: Date.now(),
        });
    },
  });
  let whatsApp: WhatsAppStandIn;
  try {
    whatsApp = await startWhatsAppStandIn();
  } catch (error) {
    await mail.close();
    throw error;
  }
  const appSecret = crypto.randomBytes(24).toString('hex');
  return {
    env: {
      SMTP_HOST: mail.host,
      SMTP_PORT: String(mail.port),
      SMTP_TLS: 'none',
      WHATSAPP_API_URL: whatsApp.url,
      WHATSAPP_PHONE_NUMBER_ID: STAND_IN_PHONE_NUMBER_ID,
      WHATSAPP_ACCESS_TOKEN: STAND_IN_TOKEN,
      WHATSAPP_APP_SECRET: appSecret,
      WHATSAPP_VERIFY_TOKEN: crypto.randomBytes(12).toString('hex'),
    },
    statusesTo(origin) {
      whatsApp.setWebhook(STAND_IN_PHONE_NUMBER_ID, { url: `${origin}/api/webhooks/whatsapp`, appSecret });
    },
    arrivals() {
      // A photos template's fourth body parameter is the link that opens its photo (one photo: its page).
      const fromWhatsApp = whatsApp.accepted().map((message): Arrival => ({
        channel: 'whatsapp',
        to: `+${message.to}`,
        photos: [photoOfPageLink(message.body[3] ?? '')].filter((photo): photo is string => photo !== null),
        key: message.callbackData,
        at: Date.parse(message.receivedAt),
      }));
      return [...mailArrivals, ...fromWhatsApp];
    },
    async close() {
      await Promise.allSettled([mail.close(), whatsApp.close()]);
    },
  };
}
