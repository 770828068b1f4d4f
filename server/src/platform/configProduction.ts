import { ConfigError, type Env } from './configReaders';

/**
 * What production refuses to start without, or with (config.ts): each check says in Portuguese
 * which variable is wrong and why the server does not start.
 */

/** FIREBASE_PROJECT_ID, checked beside the auth emulator's host: never a demo project or the emulator in production. */
export function firebaseProject(env: Env, production: boolean, authEmulatorHost: string | null): string {
  if (production && authEmulatorHost) {
    // The admin SDK accepts unsigned tokens from the emulator: never in production.
    throw new ConfigError(
      'FIREBASE_AUTH_EMULATOR_HOST está definida em produção: o servidor não inicia (o emulador aceita tokens ' +
        'sem assinatura).',
    );
  }
  const firebaseProjectId = env.FIREBASE_PROJECT_ID || (production ? '' : 'demo-cabine');
  if (!firebaseProjectId) throw new ConfigError('FIREBASE_PROJECT_ID é obrigatória em produção.');
  if (production && firebaseProjectId.startsWith('demo-')) {
    throw new ConfigError(
      `FIREBASE_PROJECT_ID é um projeto de demonstração em produção ("${firebaseProjectId}"): o servidor não inicia.`,
    );
  }
  return firebaseProjectId;
}

/** Refuses to start production without what real money and real data need. */
export function requireProductionSettings(env: Env): void {
  // Real money: no sandbox standing in for the provider, no webhook left unverified, no demo Pix
  // key; and real data: no database kept in a local folder.
  const required: [string, string][] = [
    ['DATABASE_URL', 'o servidor de produção usa um PostgreSQL externo; o embutido é só do ambiente local'],
    [
      'MERCADOPAGO_ACCESS_TOKEN',
      'pagamentos com cartão e Pix passam pelo Mercado Pago; o sandbox local nunca roda em produção',
    ],
    ['MERCADOPAGO_WEBHOOK_SECRET', 'as notificações de pagamento do Mercado Pago são verificadas com esse segredo'],
    ['PIX_KEY', 'as transferências Pix precisam chegar à empresa; não há chave padrão em produção'],
  ];
  for (const [name, why] of required) {
    if (!env[name]?.trim()) throw new ConfigError(`${name} é obrigatória em produção (${why}).`);
  }
}

/** PAYMENT_SANDBOX: `1` chooses the sandbox, unset, empty or `0` does not; refused in production and beside a token. */
export function paymentSandboxChosen(value: string | undefined, production: boolean, hasToken: boolean): boolean {
  const chosen = (value ?? '').trim();
  if (chosen !== '' && chosen !== '0' && chosen !== '1')
    throw new ConfigError(`PAYMENT_SANDBOX deve ser 1 ou 0; recebido "${value}".`);
  if (chosen !== '1') return false;
  if (production)
    throw new ConfigError(
      'PAYMENT_SANDBOX está definida em produção: o servidor não inicia (as rotas do sandbox confirmam ' +
        'pagamentos que ninguém fez).',
    );
  if (hasToken)
    throw new ConfigError(
      'PAYMENT_SANDBOX e MERCADOPAGO_ACCESS_TOKEN estão ambas definidas: escolha o sandbox ou o Mercado Pago.',
    );
  return true;
}

/** PUBLIC_URL: the origin guests reach the site by, without a path; https in production. */
export function publicOrigin(env: Env, production: boolean): string | null {
  const publicUrl = env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : null;
  if (publicUrl && !/^https?:\/\/[^/]+$/.test(publicUrl))
    throw new ConfigError(`PUBLIC_URL deve ser uma origem (https://host:porta, sem caminho); recebido "${publicUrl}".`);
  if (production && !publicUrl?.startsWith('https://')) {
    // Without it the media, visitor and wall cookies would go without Secure, and no HSTS is sent.
    throw new ConfigError(
      `PUBLIC_URL deve ser, em produção, a origem https pela qual as pessoas chegam ao site ` +
        `(https://cabine.example, por exemplo): os cookies são marcados Secure e o HSTS é enviado a partir dela; ` +
        `${publicUrl ? `recebido "${publicUrl}"` : 'ela não está definida'}.`,
    );
  }
  return publicUrl;
}
