/**
 * `npm run booth` finds the server where `npm start` put it: `PORT` (and `HOST`) from the
 * environment, as `npm start` reads them, unless `--url` or `BOOTH_URL` say otherwise.
 */
import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { parseBoothOptions, UsageError } from '../../tools/booth/options';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');

describe('the server the booth simulator talks to', () => {
  it('is on the PORT npm start listens on', () => {
    expect(parseBoothOptions([], { PORT: '9123' }).url).toBe('http://127.0.0.1:9123');
  });

  it('is on HOST too, and on this machine when the server listens on every interface', () => {
    expect(parseBoothOptions([], { HOST: '192.168.0.7', PORT: '9123' }).url).toBe('http://192.168.0.7:9123');
    expect(parseBoothOptions([], { HOST: '0.0.0.0', PORT: '9123' }).url).toBe('http://127.0.0.1:9123');
    expect(parseBoothOptions([], { HOST: '::', PORT: '9123' }).url).toBe('http://[::1]:9123');
    expect(parseBoothOptions([], { HOST: '::1' }).url).toBe('http://[::1]:8080');
  });

  it('is 127.0.0.1:8080 when nothing says otherwise, as for npm start', () => {
    expect(parseBoothOptions([], {}).url).toBe('http://127.0.0.1:8080');
    expect(parseBoothOptions([], { PORT: '' }).url).toBe('http://127.0.0.1:8080');
  });

  it('is BOOTH_URL, or --url, before PORT', () => {
    expect(parseBoothOptions([], { PORT: '9123', BOOTH_URL: 'http://cabine.local:7000' }).url).toBe('http://cabine.local:7000');
    expect(parseBoothOptions(['--url', 'http://10.0.0.2:7001'], { PORT: '9123', BOOTH_URL: 'http://cabine.local:7000' }).url).toBe('http://10.0.0.2:7001');
  });

  it('cannot be guessed from PORT=0 (any free port) or a PORT that is no port: it asks for --url', () => {
    for (const PORT of ['0', 'oito', '70000']) {
      expect(() => parseBoothOptions([], { PORT })).toThrow(UsageError);
      expect(() => parseBoothOptions([], { PORT })).toThrow(/--url/);
    }
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

  it('talks to the server on that port', async () => {
    const { port } = server.address() as AddressInfo;
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port) };
    delete env.BOOTH_URL;
    delete env.HOST;
    const outcome = await run(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'tools/cli/booth.ts', '--once', '--only', 'camera'], {
      cwd: ROOT,
      env,
      timeout: 60_000,
    }).then(
      () => ({ code: 0, output: '' }),
      (error: { code?: number; stdout?: string; stderr?: string }) => ({ code: error.code, output: `${error.stdout ?? ''}${error.stderr ?? ''}` }),
    );
    expect(asked.length).toBeGreaterThan(0);
    expect(asked[0]).toMatch(/^GET \/api\/device\//);
    // The refusal it met is the one it explains, not an unreachable server.
    expect(outcome.code).toBe(1);
    expect(outcome.output).toContain('O servidor recusou o dispositivo');
  });
});
