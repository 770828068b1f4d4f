import { ConfigError, loadConfig } from '../../server/src/config';
import { contentSecurityPolicy } from '../../server/src/http/securityHeaders';

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
    expect(() => loadConfig({ RATE_LIMIT_SCALE: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ RATE_LIMIT_SCALE: 'sem' })).toThrow(ConfigError);
  });

  it('reads where the rate limits are counted (the database, shared by every server, unless memory is asked for), and refuses anything else', () => {
    expect(loadConfig({ RATE_LIMIT_STORE: 'memory' }).rateLimitStore).toBe('memory');
    expect(loadConfig({ RATE_LIMIT_STORE: 'database' }).rateLimitStore).toBe('database');
    expect(() => loadConfig({ RATE_LIMIT_STORE: 'redis' })).toThrow(ConfigError);
  });

  it('drains for 5 seconds on SIGTERM in production and none elsewhere, as SHUTDOWN_DRAIN_SECONDS says, from 0 to 20', () => {
    expect(loadConfig({}).shutdownDrainMs).toBe(0);
    expect(loadConfig({ ...PRODUCTION, MEDIA_SESSION_SECRET: 'x'.repeat(32) }).shutdownDrainMs).toBe(5_000);
    expect(loadConfig({ SHUTDOWN_DRAIN_SECONDS: '12' }).shutdownDrainMs).toBe(12_000);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_SECONDS: '21' })).toThrow(ConfigError);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_SECONDS: '-1' })).toThrow(ConfigError);
  });

  it('keeps media on the disk by default, in a bucket with MEDIA_STORE=s3, and refuses an incomplete bucket setting naming what is wrong', () => {
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
    expect(() => loadConfig({ MEDIA_STORE: 'ftp' })).toThrow(/MEDIA_STORE/);
    expect(() => loadConfig({ MEDIA_STORE: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ MEDIA_STORE: 's3', S3_BUCKET: 'Balde_Errado' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ MEDIA_STORE: 's3', S3_BUCKET: 'cabine-midia', S3_ENDPOINT: 'ftp://x/y' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ MEDIA_STORE: 's3', S3_BUCKET: 'cabine-midia', S3_FORCE_PATH_STYLE: 'sim' })).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(() => loadConfig({ MEDIA_STORE: 's3', S3_BUCKET: 'cabine-midia', AWS_ACCESS_KEY_ID: 'só a chave' })).toThrow(/AWS_SECRET_ACCESS_KEY/);
  });

  it('serves public files from the app by default, from a CDN with MEDIA_PUBLIC_BASE (https in production), and refuses an address it cannot use', () => {
    expect(loadConfig({}).mediaPublicBase).toBeNull();
    expect(loadConfig({ MEDIA_PUBLIC_BASE: 'http://127.0.0.1:8090/' }).mediaPublicBase).toBe('http://127.0.0.1:8090');
    expect(loadConfig({ ...PRODUCTION, MEDIA_PUBLIC_BASE: 'https://midia.cabine.example/festas/' }).mediaPublicBase).toBe(
      'https://midia.cabine.example/festas',
    );
    expect(() => loadConfig({ ...PRODUCTION, MEDIA_PUBLIC_BASE: 'http://midia.cabine.example' })).toThrow(/MEDIA_PUBLIC_BASE/);
    // A stray newline (an .env file's) is trimmed at the ends; inside, it is no address (URL would drop it silently).
    expect(loadConfig({ MEDIA_PUBLIC_BASE: 'https://midia.cabine.example\n' }).mediaPublicBase).toBe('https://midia.cabine.example');
    for (const wrong of [
      'midia.cabine.example',
      'ftp://midia.cabine.example',
      'https://midia.cabine.example/?v=1',
      'https://eu:senha@midia.cabine.example',
      'https://midia.cabine.example/fes\ntas',
    ]) {
      expect(() => loadConfig({ MEDIA_PUBLIC_BASE: wrong })).toThrow(/MEDIA_PUBLIC_BASE/);
    }
  });

  it('reads the bound of an event media folder, and refuses one that is not a positive whole number', () => {
    expect(loadConfig({ MAX_EVENT_MEDIA_FILES: '50' }).maxEventMediaFiles).toBe(50);
    expect(() => loadConfig({ MAX_EVENT_MEDIA_FILES: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ MAX_EVENT_MEDIA_FILES: 'muitos' })).toThrow(ConfigError);
  });

  it('reads the team e-mails lower-cased and the port', () => {
    const config = loadConfig({ TEAM_EMAILS: ' Ana@Cabine.example, ,bia@cabine.example', PORT: '9000' });
    expect(config.teamEmails).toEqual(['ana@cabine.example', 'bia@cabine.example']);
    expect(config.port).toBe(9000);
  });

  it('refuses to start in production with the Auth emulator (it accepts unsigned tokens)', () => {
    expect(() => loadConfig({ ...PRODUCTION, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toThrow(ConfigError);
  });

  it('refuses production without a real Firebase project', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow('FIREBASE_PROJECT_ID is required in production.');
    expect(() => loadConfig({ ...PRODUCTION, FIREBASE_PROJECT_ID: 'demo-x' })).toThrow(ConfigError);
    expect(loadConfig(PRODUCTION).production).toBe(true);
  });

  it.each([
    [
      'MERCADOPAGO_ACCESS_TOKEN',
      'MERCADOPAGO_ACCESS_TOKEN is required in production (card and Pix payments go through Mercado Pago; the local sandbox never runs in production).',
    ],
    ['MERCADOPAGO_WEBHOOK_SECRET', "MERCADOPAGO_WEBHOOK_SECRET is required in production (Mercado Pago's payment notifications are verified with it)."],
    ['PIX_KEY', 'PIX_KEY is required in production (Pix transfers must reach the company, there is no default key in production).'],
    ['DATABASE_URL', "DATABASE_URL is required in production (the production server runs on an external PostgreSQL; the embedded one is the local stack's)."],
  ])('refuses production without %s, missing or blank', (name, message) => {
    expect(() => loadConfig({ ...PRODUCTION, [name]: undefined })).toThrow(message);
    expect(() => loadConfig({ ...PRODUCTION, [name]: '  ' })).toThrow(ConfigError);
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
    expect(loadConfig({})).toMatchObject({ mercadoPagoAccessToken: null, mercadoPagoWebhookSecret: null, pix: { key: 'pix@cabine.example' } });
  });

  it('refuses production without an https PUBLIC_URL, naming it (its cookies would lack Secure)', () => {
    const message = 'PUBLIC_URL must be the https origin people reach the site at in production (https://cabine.example, say)';
    for (const PUBLIC_URL of [undefined, '', 'http://cabine.example']) {
      expect(() => loadConfig({ ...PRODUCTION, PUBLIC_URL })).toThrow(message);
    }
    expect(loadConfig({ ...PRODUCTION, PUBLIC_URL: 'https://cabine.example/' }).publicUrl).toBe('https://cabine.example');
    // Outside production, none is needed (the local stack serves http).
    expect(loadConfig({ ...PRODUCTION, NODE_ENV: 'test', PUBLIC_URL: undefined }).publicUrl).toBeNull();
  });

  it('chooses the payment sandbox only when PAYMENT_SANDBOX=1 says so, never in production nor beside a token', () => {
    expect(loadConfig({}).paymentSandbox).toBe(false);
    expect(loadConfig({ PAYMENT_SANDBOX: '0' }).paymentSandbox).toBe(false);
    expect(loadConfig({ PAYMENT_SANDBOX: '1' }).paymentSandbox).toBe(true);
    expect(() => loadConfig({ PAYMENT_SANDBOX: 'sim' })).toThrow('PAYMENT_SANDBOX must be 1 or 0, got "sim"');
    expect(() => loadConfig({ ...PRODUCTION, PAYMENT_SANDBOX: '1' })).toThrow('PAYMENT_SANDBOX is set in production');
    expect(() => loadConfig({ MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-0000', PAYMENT_SANDBOX: '1' })).toThrow(ConfigError);
  });

  it('refuses a bad port or public URL', () => {
    expect(() => loadConfig({ PORT: 'http' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(ConfigError);
    expect(() => loadConfig({ PUBLIC_URL: 'https://x.example/path' })).toThrow(ConfigError);
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

  it.each(['0', '101', 'yes', 'TRUE', '10.0.0.1,', '10.0.0.300', '10.0.0.0/33', 'fd00::/129', '10.0.0.0/8/1', 'proxy.example', '-1'])(
    'refuses TRUST_PROXY=%p',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
    },
  );

  it('builds a policy that forbids framing and foreign scripts', () => {
    const csp = contentSecurityPolicy(loadConfig({}));
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  });
});
