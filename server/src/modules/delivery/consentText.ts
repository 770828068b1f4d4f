import crypto from 'node:crypto';

/**
 * The consent a guest agrees to when they subscribe to receive their photos (docs/privacy.md#photos-delivered):
 * what is sent, until when, how to stop, in Portuguese. It names the event and the days its contacts are kept, so
 * each event has its own; its hash is what the guest sends back, agreeing to the exact words they read, and what the
 * subscription and each line of its consent log name.
 */

/** Changes with the wording: a subscription's text is kept word for word all the same (consent_texts). */
export const DELIVERY_CONSENT_VERSION = 'entregas-1';

export interface DeliveryConsentText {
  version: string;
  body: string;
  hash: string;
}

export function deliveryConsentText(title: string, days: number): DeliveryConsentText {
  const body =
    `Quero receber no meu WhatsApp ou e-mail as fotos de "${title}": cada foto que eu coletar a partir de agora, ` +
    'cada foto nova em que meu rosto for encontrado (se eu pedir e tiver usado a busca por rosto) e, no fim do ' +
    'evento, uma mensagem com o link da galeria. Autorizo a Cabine de Eventos a guardar meu nome e o contato que ' +
    'informei só para isso: sem outro uso, sem repassar a mais ninguém (LGPD, Lei 13.709/2018, art. 7º, I). ' +
    `As mensagens e os dados valem por ${days} dias e depois são apagados. Para parar, toco em "Parar de receber" ` +
    'em qualquer mensagem ou na página "Privacidade e seus dados" (/privacidade): vale na hora.';
  const hash = crypto.createHash('sha256').update(`${DELIVERY_CONSENT_VERSION}\n${body}`).digest('hex');
  return { version: DELIVERY_CONSENT_VERSION, body, hash };
}
