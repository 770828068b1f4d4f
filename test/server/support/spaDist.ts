import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The build's shell as html-webpack-plugin minifies it: unquoted attributes, bare `defer`. */
export const SHELL =
  '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Cabine</title>' +
  '<script defer src=/assets/runtime.1a.js></script><script defer src=/assets/693.2b.js></script><script defer ' +
  'src=/assets/main.3c.js></script>' +
  '<link href=/assets/main.4d.css rel=stylesheet></head><body><div id=root></div></body></html>';

export const appScripts = (html: string) => html.match(/<script[^>]*src=[^>]*>/g) ?? [];

export function distWith(files: Record<string, string>): string {
  const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'spa-')), 'dist');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head></head><body><div id="root"><h1>landing</h1></div></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'app.html'), SHELL);
  for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), content);
  return dir;
}
