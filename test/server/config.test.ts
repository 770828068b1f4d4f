import { ConfigError, loadConfig } from '../../server/src/config';
import { contentSecurityPolicy } from '../../server/src/http/securityHeaders';

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
    });
  });

  it('reads the team e-mails lower-cased and the port', () => {
    const config = loadConfig({ TEAM_EMAILS: ' Ana@Cabine.example, ,bia@cabine.example', PORT: '9000' });
    expect(config.teamEmails).toEqual(['ana@cabine.example', 'bia@cabine.example']);
    expect(config.port).toBe(9000);
  });

  it('refuses to start in production with the Auth emulator (it accepts unsigned tokens)', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'cabine-prod', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }),
    ).toThrow(ConfigError);
  });

  it('refuses production without a real Firebase project', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow('FIREBASE_PROJECT_ID is required in production.');
    expect(() => loadConfig({ NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'demo-x' })).toThrow(ConfigError);
    expect(loadConfig({ NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'cabine-prod' }).production).toBe(true);
  });

  it('refuses a bad port or public URL', () => {
    expect(() => loadConfig({ PORT: 'http' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(ConfigError);
    expect(() => loadConfig({ PUBLIC_URL: 'https://x.example/path' })).toThrow(ConfigError);
  });

  it('builds a policy that forbids framing and foreign scripts', () => {
    const csp = contentSecurityPolicy(loadConfig({}));
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  });
});
