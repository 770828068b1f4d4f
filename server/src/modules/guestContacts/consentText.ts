import crypto from 'node:crypto';

/**
 * The consent a guest agrees to when they leave their contact (docs/privacy.md#guests-contacts):
 * what for, how long, how to withdraw, in Portuguese. The text names the event and the days the
 * owner chose, so each event has its own; its hash is what the guest sends back, agreeing to the
 * exact words they read, and what each contact and each line of the consent log name.
 */

/** Changes with the wording: a contact's text is kept word for word all the same (consent_texts). */
export const CONSENT_VERSION = 'contatos-1';

export interface ConsentText {
  version: string;
  body: string;
  hash: string;
}

export function consentText(title: string, days: number): ConsentText {
  const body =
    `Quero receber as fotos de "${title}". Autorizo a Cabine de Eventos e quem organizou este evento a guardar ` +
    'meu nome e o contato que informei (WhatsApp ou e-mail) só para me enviar as fotos deste evento: sem outro ' +
    'uso, sem repassar a mais ninguém (LGPD, Lei 13.709/2018, art. 7º, I). ' +
    `Os dados ficam guardados por ${days} dias e depois são apagados. Posso retirar este consentimento quando ` +
    'quiser, na página "Privacidade e seus dados" (/privacidade), e meu contato é apagado na hora.';
  const hash = crypto.createHash('sha256').update(`${CONSENT_VERSION}\n${body}`).digest('hex');
  return { version: CONSENT_VERSION, body, hash };
}
