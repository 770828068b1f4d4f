/**
 * `npm run booth` finds the server where `npm start` put it: `PORT` (and `HOST`) from the
 * environment, as `npm start` reads them, unless `--url` or `BOOTH_URL` say otherwise.
 */
import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { serverUrlFromEnv } from '../../tools/booth/serverUrl';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');

describe('the server the booth simulator talks to, unless --url says', () => {
  it('is on the PORT npm start listens on', () => {
    expect(serverUrlFromEnv({ PORT: '9123' })).toBe('http://127.0.0.1:9123');
  });

  it('is on HOST too, and on this machine when the server listens on every interface', () => {
    expect(serverUrlFromEnv({ HOST: '192.168.0.7', PORT: '9123' })).toBe('http://192.168.0.7:9123');
    expect(serverUrlFromEnv({ HOST: '0.0.0.0', PORT: '9123' })).toBe('http://127.0.0.1:9123');
    expect(serverUrlFromEnv({ HOST: '::', PORT: '9123' })).toBe('http://[::1]:9123');
    expect(serverUrlFromEnv({ HOST: '::1' })).toBe('http://[::1]:8080');
  });

  it('is 127.0.0.1:8080 when nothing says otherwise, as for npm start', () => {
    expect(serverUrlFromEnv({})).toBe('http://127.0.0.1:8080');
    expect(serverUrlFromEnv({ PORT: '', BOOTH_URL: '' })).toBe('http://127.0.0.1:8080');
  });

  it('is BOOTH_URL before PORT', () => {
    expect(serverUrlFromEnv({ PORT: '9123', BOOTH_URL: 'http://cabine.local:7000' })).toBe('http://cabine.local:7000');
  });

  it('cannot be guessed from PORT=0 (any free port) or a PORT that is no port: it asks for --url', () => {
    for (const PORT of ['0', 'oito', '70000']) expect(() => serverUrlFromEnv({ PORT })).toThrow(/PORT="[^"]+".*--url/);
  });
});

describe('npm run booth with PORT set', () => {
  let server: http.Server;
  const asked: string[] = [];

  beforeAll(async () => {
    // A server that refuses every device: enough to see where the simulator knocks.
    server = http.createServer((request, response) => {
      asked.push(`${request.method} ${request.url}`);
      response.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"unauthorized","message":"no"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** `npm run booth -- ARGS` with PORT (and no BOOTH_URL, no HOST): its exit code and what it printed. */
  function booth(port: string, args: string[]): Promise<{ code: number | undefined; output: string }> {
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: port };
    delete env.BOOTH_URL;
    delete env.HOST;
    return run(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'tools/cli/booth.ts', ...args], {
      cwd: ROOT,
      env,
      timeout: 60_000,
    }).then(
      ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
      (error: { code?: number; stdout?: string; stderr?: string }) => ({
        code: error.code,
        output: `${error.stdout ?? ''}${error.stderr ?? ''}`,
      }),
    );
  }

  it('talks to the server on that port', async () => {
    const { port } = server.address() as AddressInfo;
    const outcome = await booth(String(port), ['--once', '--only', 'camera']);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked[0]).toMatch(/^GET \/api\/device\//);
    // The refusal it met is the one it explains, not an unreachable server.
    expect(outcome.code).toBe(1);
    expect(outcome.output).toContain('O servidor recusou o dispositivo');
  });

  it('with PORT=0 asks for the address instead of knocking anywhere', async () => {
    asked.length = 0;
    const outcome = await booth('0', ['--once', '--only', 'camera']);
    expect(outcome.code).toBe(2);
    expect(outcome.output).toContain(
      'PORT="0" não diz em que porta o servidor está: informe o endereço com --url (ou BOOTH_URL)',
    );
    expect(asked).toEqual([]);
  });
});
