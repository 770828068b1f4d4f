import crypto from 'node:crypto';
import path from 'node:path';
import { startMailStandIn, type MailStandIn } from '../standIns/mailStandIn';
import { STAND_IN_TOKEN, startWhatsAppStandIn, type WhatsAppStandIn } from '../standIns/whatsAppStandIn';

/**
 * The stand-ins `npm start` runs for the transports nobody configured (docs/operations.md#the-stand-ins): the mail
 * stand-in when SMTP_HOST is unset, the WhatsApp one when WHATSAPP_PHONE_NUMBER_ID is, as it chooses the payment
 * sandbox. The server then finds them through the same variables a real server or Meta would be given.
 */

/** The stand-in's phone number id: any number works, this one says what it is. */
export const STAND_IN_PHONE_NUMBER_ID = '100000000000001';

export interface LocalDelivery {
  /** The variables that point the server at the stand-ins. */
  env: NodeJS.ProcessEnv;
  mail: MailStandIn | null;
  whatsApp: WhatsAppStandIn | null;
  /** Once the server listens: where the WhatsApp stand-in posts its status notifications. */
  serverListening(url: string): void;
  /** What the banner says of them. */
  lines(): string[];
  stop(): Promise<void>;
}

export async function startLocalDelivery(
  env: NodeJS.ProcessEnv,
  dataDir: string,
  log: (line: string) => void,
): Promise<LocalDelivery> {
  const extra: NodeJS.ProcessEnv = {};
  let mail: MailStandIn | null = null;
  let whatsApp: WhatsAppStandIn | null = null;
  const production = env.NODE_ENV === 'production';
  if (!production && !env.SMTP_HOST) {
    mail = await startMailStandIn({
      dir: path.join(dataDir, 'mail'),
      onMail: (received) => log(`e-mail para ${received.to.join(', ')} guardado em ${path.join(dataDir, 'mail')}`),
    });
    Object.assign(extra, { SMTP_HOST: mail.host, SMTP_PORT: String(mail.port), SMTP_TLS: 'none' });
  }
  const appSecret = env.WHATSAPP_APP_SECRET || crypto.randomBytes(24).toString('hex');
  if (!production && !env.WHATSAPP_PHONE_NUMBER_ID) {
    try {
      whatsApp = await startWhatsAppStandIn();
    } catch (error) {
      await mail?.close();
      throw error;
    }
    Object.assign(extra, {
      WHATSAPP_API_URL: whatsApp.url,
      WHATSAPP_PHONE_NUMBER_ID: STAND_IN_PHONE_NUMBER_ID,
      WHATSAPP_ACCESS_TOKEN: STAND_IN_TOKEN,
      WHATSAPP_APP_SECRET: appSecret,
      WHATSAPP_VERIFY_TOKEN: env.WHATSAPP_VERIFY_TOKEN || crypto.randomBytes(12).toString('hex'),
    });
  }
  return {
    env: extra,
    mail,
    whatsApp,
    serverListening(url) {
      // The photos' links are fetched as Meta fetches them: a link that does not work fails its message.
      whatsApp?.setWebhook(STAND_IN_PHONE_NUMBER_ID, {
        url: `${url}/api/webhooks/whatsapp`,
        appSecret,
        fetchMedia: true,
      });
    },
    lines() {
      const lines: string[] = [];
      if (mail) lines.push(`  E-mails (servidor SMTP local ${mail.host}:${mail.port}): guardados em ${mail.dir ?? ''}`);
      if (whatsApp) lines.push(`  WhatsApp (stand-in local da API da Meta): ${whatsApp.url}`);
      return lines;
    },
    async stop() {
      await Promise.allSettled([mail?.close(), whatsApp?.close()]);
    },
  };
}
