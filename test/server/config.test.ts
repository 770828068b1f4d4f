import { ConfigError, loadConfig } from '../../server/src/platform/config';
import { contentSecurityPolicy } from '../../server/src/platform/http/securityHeaders';

/** What production needs beyond the defaults. */
const PRODUCTION = {
  NODE_ENV: 'production',
  FIREBASE_PROJECT_ID: 'cabine-prod',
  MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-0000',
  MERCADOPAGO_WEBHOOK_SECRET: 'segredo-do-webhook',
  PIX_KEY: 'financeiro@cabine.example',
  DATABASE_URL: 'postgres://cabine@db.internal/cabine',
  PUBLIC_URL: 'https://cabine.example',
};

/** The message loadConfig refuses env with, which the operator reads at start (in Portuguese, naming the variable). */
function refusal(env: Record<string, string | undefined>): string {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('configuration', () => {
  it('has working local defaults', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toMatchObject({
      production: false,
      host: '127.0.0.1',
      port: 8080,
      dataDir: '/srv/app/data',
      databaseUrl: null,
      firebaseProjectId: 'demo-cabine',
      teamEmails: [],
      maxEventMediaFiles: 20_000,
      rateLimitScale: 1,
      rateLimitStore: 'database',
    });
  });

  it("reads the rate limits' scale, and refuses one that is not a positive whole number", () => {
    expect(loadConfig({ RATE_LIMIT_SCALE: '1000' }).rateLimitScale).toBe(1000);
    expect(refusal({ RATE_LIMIT_SCALE: '0' })).toBe(
      'RATE_LIMIT_SCALE deve ser um número inteiro maior que 0; recebido "0".',
    );
    expect(refusal({ RATE_LIMIT_SCALE: 'sem' })).toBe(
      'RATE_LIMIT_SCALE deve ser um número inteiro maior que 0; recebido "sem".',
    );
  });

  it(`reads where the rate limits are counted (the database, shared by every server, unless memory is asked for), and \
refuses anything else`, () => {
    expect(loadConfig({ RATE_LIMIT_STORE: 'memory' }).rateLimitStore).toBe('memory');
    expect(loadConfig({ RATE_LIMIT_STORE: 'database' }).rateLimitStore).toBe('database');
    expect(refusal({ RATE_LIMIT_STORE: 'redis' })).toBe(
      'RATE_LIMIT_STORE deve ser "database" ou "memory"; recebido "redis".',
    );
  });

  it(`drains for 5 seconds on SIGTERM in production and none elsewhere, as SHUTDOWN_DRAIN_SECONDS says, from 0 to \
20`, () => {
    expect(loadConfig({}).shutdownDrainMs).toBe(0);
    expect(loadConfig({ ...PRODUCTION, MEDIA_SESSION_SECRET: 'x'.repeat(32) }).shutdownDrainMs).toBe(5_000);
    expect(loadConfig({ SHUTDOWN_DRAIN_SECONDS: '12' }).shutdownDrainMs).toBe(12_000);
    expect(refusal({ SHUTDOWN_DRAIN_SECONDS: '21' })).toBe(
      'SHUTDOWN_DRAIN_SECONDS deve ser um número inteiro de 0 a 20; recebido "21".',
    );
    expect(refusal({ SHUTDOWN_DRAIN_SECONDS: '-1' })).toBe(
      'SHUTDOWN_DRAIN_SECONDS deve ser um número inteiro de 0 a 20; recebido "-1".',
    );
  });

  it(`keeps media on the disk by default, in a bucket with MEDIA_STORE=s3, and refuses an incomplete bucket setting \
naming what is wrong`, () => {
    expect(loadConfig({}).mediaStore).toEqual({ kind: 'disk' });
    expect(
      loadConfig({
        MEDIA_STORE: 's3',
        S3_BUCKET: 'cabine-midia',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_FORCE_PATH_STYLE: 'true',
        AWS_ACCESS_KEY_ID: 'chave',
        AWS_SECRET_ACCESS_KEY: 'segredo',
      }).mediaStore,
    ).toEqual({
      kind: 's3',
      bucket: 'cabine-midia',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'chave', secretAccessKey: 'segredo' },
    });
    expect(loadConfig({ MEDIA_STORE: 's3', S3_BUCKET: 'cabine-midia', S3_REGION: 'sa-east-1' }).mediaStore).toEqual({
      kind: 's3',
      bucket: 'cabine-midia',
      endpoint: null,
      region: 'sa-east-1',
      forcePathStyle: false,
    });
    expect(refusal({ MEDIA_STORE: 'ftp' })).toBe('MEDIA_STORE deve ser "disk" ou "s3"; recebido "ftp".');
    expect(refusal({ MEDIA_STORE: 's3' })).toBe(
      'S3_BUCKET deve ser o nome de um bucket quando MEDIA_STORE=s3; recebido "".',
    );
    expect(refusal({ MEDIA_STORE: 's3', S3_BUCKET: 'Balde_Errado' })).toBe(
      'S3_BUCKET deve ser o nome de um bucket quando MEDIA_STORE=s3; recebido "Balde_Errado".',
    );
    expect(refusal({ MEDIA_STORE: 's3', S3_BUCKET: 'cabine-midia', S3_ENDPOINT: 'ftp://x/y' })).toBe(
      'S3_ENDPOINT deve ser uma origem (https://host:porta, sem caminho); recebido "ftp://x/y".',
    );
    expect(refusal({ MEDIA_STORE: 's3', S3_BUCKET: 'cabine-midia', S3_FORCE_PATH_STYLE: 'sim' })).toBe(
      'S3_FORCE_PATH_STYLE deve ser "true" ou "false"; recebido "sim".',
    );
    expect(refusal({ MEDIA_STORE: 's3', S3_BUCKET: 'cabine-midia', AWS_ACCESS_KEY_ID: 'só a chave' })).toBe(
      'AWS_ACCESS_KEY_ID e AWS_SECRET_ACCESS_KEY andam juntas: defina as duas ou nenhuma.',
    );
  });

  it(`serves public files from the app by default, from a CDN with MEDIA_PUBLIC_BASE (https in production), and \
refuses an address it cannot use`, () => {
    expect(loadConfig({}).mediaPublicBase).toBeNull();
    expect(loadConfig({ MEDIA_PUBLIC_BASE: 'http://127.0.0.1:8090/' }).mediaPublicBase).toBe('http://127.0.0.1:8090');
    expect(
      loadConfig({ ...PRODUCTION, MEDIA_PUBLIC_BASE: 'https://midia.cabine.example/festas/' }).mediaPublicBase,
    ).toBe('https://midia.cabine.example/festas');
    expect(refusal({ ...PRODUCTION, MEDIA_PUBLIC_BASE: 'http://midia.cabine.example' })).toBe(
      'MEDIA_PUBLIC_BASE deve ser um endereço https sem parâmetros (?), âncora (#) nem usuário e senha; ' +
        'recebido "http://midia.cabine.example".',
    );
    // A stray newline (an .env file's) is trimmed at the ends; inside, it is no address (URL would drop it silently).
    expect(loadConfig({ MEDIA_PUBLIC_BASE: 'https://midia.cabine.example\n' }).mediaPublicBase).toBe(
      'https://midia.cabine.example',
    );
    for (const wrong of [
      'midia.cabine.example',
      'ftp://midia.cabine.example',
      'https://midia.cabine.example/?v=1',
      'https://eu:senha@midia.cabine.example',
      'https://midia.cabine.example/fes\ntas',
    ]) {
      expect(refusal({ MEDIA_PUBLIC_BASE: wrong })).toBe(
        `MEDIA_PUBLIC_BASE deve ser um endereço http(s) sem parâmetros (?), âncora (#) nem usuário e senha; ` +
          `recebido "${wrong}".`,
      );
    }
  });

  it('reads the bound of an event media folder, and refuses one that is not a positive whole number', () => {
    expect(loadConfig({ MAX_EVENT_MEDIA_FILES: '50' }).maxEventMediaFiles).toBe(50);
    expect(refusal({ MAX_EVENT_MEDIA_FILES: '0' })).toBe(
      'MAX_EVENT_MEDIA_FILES deve ser um número inteiro maior que 0; recebido "0".',
    );
    expect(refusal({ MAX_EVENT_MEDIA_FILES: 'muitos' })).toBe(
      'MAX_EVENT_MEDIA_FILES deve ser um número inteiro maior que 0; recebido "muitos".',
    );
  });

  it('reads the team e-mails lower-cased and the port', () => {
    const config = loadConfig({ TEAM_EMAILS: ' Ana@Cabine.example, ,bia@cabine.example', PORT: '9000' });
    expect(config.teamEmails).toEqual(['ana@cabine.example', 'bia@cabine.example']);
    expect(config.port).toBe(9000);
  });

  it('refuses to start in production with the Auth emulator (it accepts unsigned tokens)', () => {
    expect(refusal({ ...PRODUCTION, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toBe(
      'FIREBASE_AUTH_EMULATOR_HOST está definida em produção: o servidor não inicia (o emulador aceita tokens ' +
        'sem assinatura).',
    );
  });

  it('refuses production without a real Firebase project', () => {
    expect(refusal({ NODE_ENV: 'production' })).toBe('FIREBASE_PROJECT_ID é obrigatória em produção.');
    expect(refusal({ ...PRODUCTION, FIREBASE_PROJECT_ID: 'demo-x' })).toBe(
      'FIREBASE_PROJECT_ID é um projeto de demonstração em produção ("demo-x"): o servidor não inicia.',
    );
    expect(loadConfig(PRODUCTION).production).toBe(true);
  });

  it.each([
    [
      'MERCADOPAGO_ACCESS_TOKEN',
      'MERCADOPAGO_ACCESS_TOKEN é obrigatória em produção (pagamentos com cartão e Pix passam pelo Mercado ' +
        'Pago; o sandbox local nunca roda em produção).',
    ],
    [
      'MERCADOPAGO_WEBHOOK_SECRET',
      'MERCADOPAGO_WEBHOOK_SECRET é obrigatória em produção (as notificações de pagamento do Mercado Pago são ' +
        'verificadas com esse segredo).',
    ],
    [
      'PIX_KEY',
      'PIX_KEY é obrigatória em produção (as transferências Pix precisam chegar à empresa; não há chave padrão ' +
        'em produção).',
    ],
    [
      'DATABASE_URL',
      'DATABASE_URL é obrigatória em produção (o servidor de produção usa um PostgreSQL externo; o embutido é ' +
        'só do ambiente local).',
    ],
  ])('refuses production without %s, missing or blank', (name, message) => {
    expect(refusal({ ...PRODUCTION, [name]: undefined })).toBe(message);
    expect(refusal({ ...PRODUCTION, [name]: '  ' })).toBe(message);
    // Outside production the sandbox and the demo key stand in.
    expect(() => loadConfig({ ...PRODUCTION, NODE_ENV: 'test', [name]: undefined })).not.toThrow();
  });

  it('reads the payment settings; locally the sandbox (no token), a demo Pix key and no webhook secret', () => {
    const production = loadConfig(PRODUCTION);
    expect(production).toMatchObject({
      mercadoPagoAccessToken: 'APP_USR-0000',
      mercadoPagoWebhookSecret: 'segredo-do-webhook',
      pix: { key: 'financeiro@cabine.example' },
    });
    expect(loadConfig({})).toMatchObject({
      mercadoPagoAccessToken: null,
      mercadoPagoWebhookSecret: null,
      pix: { key: 'pix@cabine.example' },
    });
  });

  it('refuses production without an https PUBLIC_URL, naming it (its cookies would lack Secure)', () => {
    const rule =
      'PUBLIC_URL deve ser, em produção, a origem https pela qual as pessoas chegam ao site ' +
      '(https://cabine.example, por exemplo): os cookies são marcados Secure e o HSTS é enviado a partir dela';
    for (const PUBLIC_URL of [undefined, '']) {
      expect(refusal({ ...PRODUCTION, PUBLIC_URL })).toBe(`${rule}; ela não está definida.`);
    }
    expect(refusal({ ...PRODUCTION, PUBLIC_URL: 'http://cabine.example' })).toBe(
      `${rule}; recebido "http://cabine.example".`,
    );
    expect(loadConfig({ ...PRODUCTION, PUBLIC_URL: 'https://cabine.example/' }).publicUrl).toBe(
      'https://cabine.example',
    );
    // Outside production, none is needed (the local stack serves http).
    expect(loadConfig({ ...PRODUCTION, NODE_ENV: 'test', PUBLIC_URL: undefined }).publicUrl).toBeNull();
  });

  it('chooses the payment sandbox only when PAYMENT_SANDBOX=1 says so, never in production nor beside a token', () => {
    expect(loadConfig({}).paymentSandbox).toBe(false);
    expect(loadConfig({ PAYMENT_SANDBOX: '0' }).paymentSandbox).toBe(false);
    expect(loadConfig({ PAYMENT_SANDBOX: '1' }).paymentSandbox).toBe(true);
    expect(refusal({ PAYMENT_SANDBOX: 'sim' })).toBe('PAYMENT_SANDBOX deve ser 1 ou 0; recebido "sim".');
    expect(refusal({ ...PRODUCTION, PAYMENT_SANDBOX: '1' })).toBe(
      'PAYMENT_SANDBOX está definida em produção: o servidor não inicia (as rotas do sandbox confirmam ' +
        'pagamentos que ninguém fez).',
    );
    expect(refusal({ MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-0000', PAYMENT_SANDBOX: '1' })).toBe(
      'PAYMENT_SANDBOX e MERCADOPAGO_ACCESS_TOKEN estão ambas definidas: escolha o sandbox ou o Mercado Pago.',
    );
  });

  it('refuses a bad port or public URL', () => {
    expect(refusal({ PORT: 'http' })).toBe('PORT deve ser um número de porta, de 0 a 65535; recebido "http".');
    expect(refusal({ PORT: '70000' })).toBe('PORT deve ser um número de porta, de 0 a 65535; recebido "70000".');
    expect(refusal({ PUBLIC_URL: 'https://x.example/path' })).toBe(
      'PUBLIC_URL deve ser uma origem (https://host:porta, sem caminho); recebido "https://x.example/path".',
    );
  });

  it('believes no proxy unless TRUST_PROXY says which (never every one by default, not even in production)', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig(PRODUCTION).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: ' 2 ' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each([
    '0',
    '101',
    'yes',
    'TRUE',
    '10.0.0.1,',
    '10.0.0.300',
    '10.0.0.0/33',
    'fd00::/129',
    '10.0.0.0/8/1',
    'proxy.example',
    '-1',
  ])('refuses TRUST_PROXY=%p', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
  });

  it('names what TRUST_PROXY cannot be: too many hops, or an entry that is no address nor range', () => {
    expect(refusal({ TRUST_PROXY: '101' })).toBe(
      'TRUST_PROXY deve ser um número de saltos de 1 a 100; recebido "101".',
    );
    expect(refusal({ TRUST_PROXY: '10.0.0.1, proxy.example' })).toBe(
      'TRUST_PROXY deve ser false, true, um número de saltos ou uma lista de endereços e faixas CIDR separados ' +
        'por vírgula; "proxy.example" não é nenhum deles.',
    );
  });

  it('refuses a short MEDIA_SESSION_SECRET or DEVICE_KEY_PEPPER, naming it and not printing it', () => {
    expect(loadConfig({ MEDIA_SESSION_SECRET: 's'.repeat(32) }).mediaSessionSecret).toBe('s'.repeat(32));
    expect(refusal({ MEDIA_SESSION_SECRET: 'curto-demais' })).toBe(
      'MEDIA_SESSION_SECRET deve ter pelo menos 32 caracteres (um texto aleatório).',
    );
    expect(refusal({ DEVICE_KEY_PEPPER: 'curto-demais' })).toBe(
      'DEVICE_KEY_PEPPER deve ter pelo menos 32 caracteres (um texto aleatório).',
    );
  });

  it('refuses job workers, tile wait or live streams out of their range, naming the variable and the value', () => {
    expect(refusal({ JOB_WORKERS: '9' })).toBe('JOB_WORKERS deve ser um número inteiro de 0 a 8; recebido "9".');
    expect(refusal({ TILE_WAIT_SECONDS: '1,5' })).toBe(
      'TILE_WAIT_SECONDS deve ser um número inteiro de 0 a 900; recebido "1,5".',
    );
    expect(refusal({ LIVE_STREAMS_MAX: '0' })).toBe(
      'LIVE_STREAMS_MAX deve ser um número inteiro maior que 0; recebido "0".',
    );
  });

  it('builds a policy that forbids framing and foreign scripts', () => {
    const csp = contentSecurityPolicy(loadConfig({}));
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  });
});
