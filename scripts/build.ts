/**
 * `npm run build`: the production build. The SPA, with the landing page rendered into index.html
 * (meaningful before any script runs) and its CSS inlined (no blocking request), into DIR; then
 * the server, compiled with its source maps, into DIR/server (scripts/buildServer.ts), which
 * `npm run start:prod` runs. `--spa-only` leaves the server out (`npm start` runs its sources);
 * `--stats FILE` writes the browser build's stats there (the bundle checks read them).
 * Usage: tsx scripts/build.ts [--output-path DIR] [--spa-only] [--stats FILE]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import webpack from 'webpack';
import makeConfig, { prerenderConfig } from '../webpack.config';
import { buildServer } from './buildServer';

function run(configs: webpack.Configuration[]): Promise<webpack.MultiStats> {
  return new Promise((resolve, reject) => {
    webpack(configs, (error, stats) => {
      if (error) return reject(error);
      if (!stats || stats.hasErrors()) return reject(new Error(stats?.toString('errors-only') ?? 'build failed'));
      resolve(stats);
    });
  });
}

function compress(file: string): void {
  const content = fs.readFileSync(file);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
}

/** Puts the rendered markup in the root element and the page's stylesheet inline. */
export function injectPrerender(html: string, markup: string, readAsset: (href: string) => string): string {
  // The template is minified: attribute quotes may be gone.
  const root = /<div id="?root"?><\/div>/;
  if (!root.test(html)) throw new Error('index.html has no empty root element to render into');
  return html
    .replace(root, () => `<div id="root">${markup}</div>`)
    .replace(
      /<link href="?(\/assets\/[^" >]+\.css)"? rel="?stylesheet"?>/g,
      (_tag, href: string) => `<style>${readAsset(href)}</style>`,
    );
}

/** Builds into outputPath; resolves with the browser build's stats (for the bundle report). */
export async function buildSpa(outputPath: string): Promise<webpack.StatsCompilation> {
  const client = makeConfig({}, { mode: 'production' });
  client.output = { ...client.output, path: outputPath };
  const prerenderDir = fs.mkdtempSync(path.join(os.tmpdir(), 'prerender-'));
  try {
    const stats = await run([client, prerenderConfig(prerenderDir)]);
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the bundle just built
    const { renderRoute } = require(path.join(prerenderDir, 'prerender.js')) as {
      renderRoute: (url: string) => Promise<string>;
    };
    const markup = await renderRoute('/');
    const indexFile = path.join(outputPath, 'index.html');
    const html = injectPrerender(fs.readFileSync(indexFile, 'utf8'), markup, (href) =>
      fs.readFileSync(path.join(outputPath, href), 'utf8'),
    );
    fs.writeFileSync(indexFile, html);
    compress(indexFile);
    return stats.stats[0].toJson({
      all: false,
      chunks: true,
      chunkModules: true,
      entrypoints: true,
      chunkGroups: true,
      ids: true,
    });
  } finally {
    fs.rmSync(prerenderDir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  const option = (name: string) => {
    const flag = process.argv.indexOf(name);
    return flag >= 0 ? process.argv[flag + 1] : undefined;
  };
  const outputPath = path.resolve(option('--output-path') ?? 'dist');
  const statsFile = option('--stats');
  const spaOnly = process.argv.includes('--spa-only');
  const started = Date.now();
  // The SPA first: webpack empties its output folder (all but the server's, webpack.config.ts).
  buildSpa(outputPath)
    .then((stats) => statsFile && fs.writeFileSync(statsFile, JSON.stringify(stats)))
    .then(() => (spaOnly ? undefined : buildServer(outputPath)))
    .then(() => console.log(`built ${outputPath} in ${((Date.now() - started) / 1000).toFixed(1)} s`))
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    });
}
