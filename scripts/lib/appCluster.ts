/**
 * App servers as production runs them (server/src/main.ts, one process each) and nginx in front:
 * what the two-server test and `npm run bench:party` start on one machine.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../../tools/localStack/freePort';
import type { S3Settings } from '../../server/src/platform/storage/s3ObjectStore';

const ROOT = path.resolve(__dirname, '../..');
const NGINX = process.env.NGINX_PATH ?? (fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx');

export interface RunningProcess {
  url: string;
  port: number;
  process: ChildProcess;
  output: string[];
}

/** The environment of a server on a bucket (MEDIA_STORE=s3). */
export function s3Env(settings: S3Settings): Record<string, string> {
  return {
    MEDIA_STORE: 's3',
    S3_BUCKET: settings.bucket,
    S3_ENDPOINT: String(settings.endpoint),
    S3_REGION: settings.region,
    S3_FORCE_PATH_STYLE: String(settings.forcePathStyle ?? true),
    AWS_ACCESS_KEY_ID: settings.credentials?.accessKeyId ?? '',
    AWS_SECRET_ACCESS_KEY: settings.credentials?.secretAccessKey ?? '',
  };
}

async function untilAnswers(url: string, child: ChildProcess, output: string[]): Promise<void> {
  for (let tries = 0; tries < 600; tries += 1) {
    if (child.exitCode !== null) throw new Error(`${url} exited (${child.exitCode}):\n${output.join('')}`);
    const answered = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer in 60 s:\n${output.join('')}`);
}

/**
 * One app server on 127.0.0.1 with `env` (DATABASE_URL and the rest), resolved once `/readyz`
 * says 200. The server itself is the child (tsx as a loader, not its CLI, which would stand
 * between a SIGKILL and the server).
 */
export async function startAppServer(env: Record<string, string | undefined>): Promise<RunningProcess> {
  const port = await freePort();
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, NODE_ENV: 'test', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  await untilAnswers(`${url}/readyz`, child, output);
  return { url, port, process: child, output };
}

export interface BalancerOptions {
  /**
   * Also a CDN for public events' files on this port (what MEDIA_PUBLIC_BASE names): nginx's
   * cache in front of the same servers, asked only for `/publico/...`, without the visitors'
   * cookies, keeping what the servers say a shared cache may keep (`s-maxage`). Without nginx's
   * `proxy_cache_lock`: its waiting requests look again every 500 ms, which the phones asking for
   * a new photo's thumbnail in the same instant paid in full (bench:party's 'new thumbnail' p99
   * was 503 ms); the servers answer such a small crowd in milliseconds.
   */
  cdnPort?: number;
}

/** The CDN's part of nginx's configuration (BalancerOptions.cdnPort). */
function cdnServer(port: number, dir: string): string {
  return `  proxy_cache_path ${dir}/cdn-cache levels=1:2 keys_zone=cdn:10m max_size=1g inactive=60m use_temp_path=off;
  server {
    listen 127.0.0.1:${port};
    location /publico/ {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header Cookie "";
      proxy_cache cdn;
      proxy_cache_revalidate on;
      proxy_cache_use_stale updating;
      add_header X-Cache $upstream_cache_status always;
    }
    location / {
      return 404;
    }
  }
`;
}

/** nginx (Debian's nginx-light) on 127.0.0.1, balancing over `ports`, its files in `dir`. */
export async function startBalancer(
  ports: readonly number[],
  dir: string,
  options: BalancerOptions = {},
): Promise<RunningProcess> {
  const port = await freePort();
  fs.mkdirSync(dir, { recursive: true });
  fs.chmodSync(dir, 0o777);
  const upstream = ports.map((server) => `    server 127.0.0.1:${server};`).join('\n');
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `  ${kind}_temp_path ${dir}/${kind};`)
    .join('\n');
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 2048; }
http {
  access_log off;
${temp}
  upstream app {
${upstream}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 100m;
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }
  }
${options.cdnPort ? cdnServer(options.cdnPort, dir) : ''}}
`,
  );
  const checked = spawnSync(NGINX, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')], { encoding: 'utf8' });
  if (checked.status !== 0) throw new Error(`nginx -t failed:\n${checked.stderr}`);
  const output: string[] = [];
  const child = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  await untilAnswers(`${url}/healthz`, child, output);
  return { url, port, process: child, output };
}

/** Kills what is still running and waits for it to be gone. */
export async function stopAll(
  running: readonly (RunningProcess | null | undefined)[],
  signal: NodeJS.Signals = 'SIGKILL',
): Promise<void> {
  await Promise.all(
    running.map((entry) => {
      const child = entry?.process;
      if (!child || child.exitCode !== null || child.signalCode !== null) return null;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      return exited;
    }),
  );
}
