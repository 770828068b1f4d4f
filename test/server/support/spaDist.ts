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

const made: string[] = [];

/** A folder for a build's files (not made yet), in one the test file's end removes. */
export function temporaryDistDir(): string {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'spa-'));
  made.push(parent);
  return path.join(parent, 'dist');
}

// Registered when a test file imports this module: its folders go once its tests are done.
afterAll(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

export function distWith(files: Record<string, string>): string {
  const dir = temporaryDistDir();
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head></head><body><div id="root"><h1>landing</h1></div></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'app.html'), SHELL);
  for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), content);
  return dir;
}
