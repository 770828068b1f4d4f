import { ConfigError, loadConfig } from '../../server/src/platform/config';

/** What production needs beyond the defaults (test/server/config.test.ts has the same). */
const PRODUCTION = {
  NODE_ENV: 'production',
  FIREBASE_PROJECT_ID: 'cabine-prod',
  MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-0000',
  MERCADOPAGO_WEBHOOK_SECRET: 'segredo-do-webhook',
  PIX_KEY: 'financeiro@cabine.example',
  DATABASE_URL: 'postgres://cabine@db.internal/cabine',
  PUBLIC_URL: 'https://cabine.example',
};

function refusal(env: Record<string, string | undefined>): string {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('the delivery transports configuration', () => {
  it('configures no transport by default: nothing is sent anywhere', () => {
    expect(loadConfig({}).delivery).toEqual({
      smtp: null,
      whatsApp: null,
      whatsAppWebhook: { appSecret: null, verifyToken: null },
    });
    expect(loadConfig(PRODUCTION).delivery.smtp).toBeNull();
  });

  it('reads an SMTP server: STARTTLS on 587 by default, TLS on 465, a login, the sender', () => {
    expect(loadConfig({ SMTP_HOST: 'smtp.example.com' }).delivery.smtp).toEqual({
      host: 'smtp.example.com',
      port: 587,
      tls: 'starttls',
      user: null,
      password: null,
      from: 'Cabine de Eventos <fotos@cabine.example>',
    });
    expect(
      loadConfig({
        SMTP_HOST: 'smtp.example.com',
        SMTP_TLS: 'tls',
        SMTP_USER: 'fotos',
        SMTP_PASSWORD: 'segredo',
        MAIL_FROM: 'Festa <festa@exemplo.com.br>',
      }).delivery.smtp,
    ).toMatchObject({
      port: 465,
      tls: 'tls',
      user: 'fotos',
      password: 'segredo',
      from: 'Festa <festa@exemplo.com.br>',
    });
  });

  it('refuses, naming the variable, what cannot work', () => {
    expect(refusal({ SMTP_HOST: 'smtp.example.com', SMTP_TLS: 'ssl' })).toMatch(/^SMTP_TLS deve ser/);
    expect(refusal({ SMTP_HOST: 'smtp.example.com', SMTP_PORT: 'vinte' })).toMatch(/^SMTP_PORT/);
    expect(refusal({ SMTP_HOST: 'smtp.example.com', SMTP_USER: 'fotos' })).toMatch(/SMTP_USER e SMTP_PASSWORD/);
    expect(refusal({ SMTP_HOST: 'smtp.example.com', MAIL_FROM: 'sem endereço' })).toMatch(/^MAIL_FROM/);
    expect(refusal({ SMTP_HOST: 'smtp.example.com', MAIL_FROM: 'a@b.com\r\nBcc: x@y.com' })).toMatch(/^MAIL_FROM/);
    expect(refusal({ WHATSAPP_PHONE_NUMBER_ID: '123' })).toMatch(/WHATSAPP_ACCESS_TOKEN andam juntas/);
    expect(refusal({ WHATSAPP_PHONE_NUMBER_ID: 'abc', WHATSAPP_ACCESS_TOKEN: 't' })).toMatch(
      /^WHATSAPP_PHONE_NUMBER_ID/,
    );
    const whatsApp = { WHATSAPP_PHONE_NUMBER_ID: '123', WHATSAPP_ACCESS_TOKEN: 't' };
    expect(refusal({ ...whatsApp, WHATSAPP_TEMPLATE: 'Fotos Novas' })).toMatch(/^WHATSAPP_TEMPLATE deve/);
    expect(refusal({ ...whatsApp, WHATSAPP_API_VERSION: '24' })).toMatch(/^WHATSAPP_API_VERSION/);
    expect(refusal({ ...whatsApp, WHATSAPP_API_URL: 'ftp://meta' })).toMatch(/^WHATSAPP_API_URL/);
  });

  it('in production: no plain SMTP across the network, Meta over https, its notifications signed', () => {
    expect(refusal({ ...PRODUCTION, SMTP_HOST: 'smtp.example.com', SMTP_TLS: 'none' })).toMatch(/SMTP_TLS=none/);
    expect(loadConfig({ ...PRODUCTION, SMTP_HOST: '127.0.0.1', SMTP_TLS: 'none' }).delivery.smtp?.tls).toBe('none');
    const whatsApp = { ...PRODUCTION, WHATSAPP_PHONE_NUMBER_ID: '123', WHATSAPP_ACCESS_TOKEN: 't' };
    expect(refusal(whatsApp)).toMatch(/^WHATSAPP_APP_SECRET é obrigatória/);
    expect(refusal({ ...whatsApp, WHATSAPP_APP_SECRET: 's', WHATSAPP_API_URL: 'http://127.0.0.1:9' })).toMatch(
      /^WHATSAPP_API_URL deve ser uma origem https/,
    );
  });

  it("reads a WhatsApp number: Meta's Graph API, the templates and their language", () => {
    const config = loadConfig({
      WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
      WHATSAPP_ACCESS_TOKEN: 'EAAG...',
      WHATSAPP_APP_SECRET: 'segredo-do-app',
      WHATSAPP_VERIFY_TOKEN: 'palavra-combinada',
    });
    expect(config.delivery.whatsApp).toEqual({
      apiUrl: 'https://graph.facebook.com',
      apiVersion: 'v24.0',
      phoneNumberId: '106540352242922',
      accessToken: 'EAAG...',
      templates: { photos: 'cabine_fotos', eventEnd: 'cabine_fim_da_festa', language: 'pt_BR' },
    });
    expect(config.delivery.whatsAppWebhook).toEqual({ appSecret: 'segredo-do-app', verifyToken: 'palavra-combinada' });
  });
});
