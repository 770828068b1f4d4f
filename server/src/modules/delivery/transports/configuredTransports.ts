import type { DeliveryConfig } from '../../../platform/configDelivery';
import { emailTransport } from './emailTransport';
import type { DeliveryTransport } from './transport';
import { whatsAppTransport } from './whatsAppTransport';

/** The transport of each channel; a channel nobody configured has none, and nothing is sent by it. */
export type DeliveryTransports = Partial<Record<DeliveryTransport['channel'], DeliveryTransport>>;

/** SMTP when SMTP_HOST is set, the WhatsApp Cloud API when WHATSAPP_PHONE_NUMBER_ID is (platform/configDelivery.ts). */
export function configuredTransports(config: DeliveryConfig): DeliveryTransports {
  return {
    ...(config.smtp ? { email: emailTransport(config.smtp) } : {}),
    ...(config.whatsApp ? { whatsapp: whatsAppTransport(config.whatsApp) } : {}),
  };
}

export async function closeTransports(transports: DeliveryTransports): Promise<void> {
  await Promise.allSettled(Object.values(transports).map((transport) => transport.close()));
}
