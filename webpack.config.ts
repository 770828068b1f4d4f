import path from 'node:path';
import zlib from 'node:zlib';
import CompressionPlugin from 'compression-webpack-plugin';
import CssMinimizerPlugin from 'css-minimizer-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import webpack from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import { InjectManifest } from 'workbox-webpack-plugin';
import { EarlyScriptPlugin } from './scripts/lib/earlyScriptPlugin';
import { PwaAssetsPlugin } from './scripts/lib/pwaAssets';
import { RouteChunksPlugin } from './scripts/lib/routeChunksPlugin';

const EARLY_SCRIPT_PREFIX = 'assets/early-requests.';

interface Env {
  analyze?: boolean;
}

/**
 * Build-time configuration the SPA reads from process.env (docs/configuration.md, "The development
 * server"); the pages the server serves override it ("Runtime configuration").
 */
const PUBLIC_ENV = [
  'API_BASE',
  'FIREBASE_API_KEY',
  'FIREBASE_AUTH_DOMAIN',
  'FIREBASE_PROJECT_ID',
  'FIREBASE_AUTH_EMULATOR_URL',
  'MERCADOPAGO_PUBLIC_KEY',
] as const;

/** `npm run dev` talks to the server and Auth emulator that `npm start` runs. */
const DEVELOPMENT_DEFAULTS: Partial<Record<(typeof PUBLIC_ENV)[number], string>> = {
  FIREBASE_PROJECT_ID: 'demo-cabine',
  FIREBASE_AUTH_EMULATOR_URL: `http://127.0.0.1:${process.env.AUTH_EMULATOR_PORT ?? '9099'}`,
};

const backend = process.env.BACKEND_URL ?? `http://127.0.0.1:${process.env.PORT ?? '8080'}`;

const defines = (production: boolean) =>
  new webpack.DefinePlugin(
    Object.fromEntries(
      PUBLIC_ENV.map((name) => [
        `process.env.${name}`,
        JSON.stringify(process.env[name] ?? (production ? '' : (DEVELOPMENT_DEFAULTS[name] ?? ''))),
      ]),
    ),
  );

const tsRule = (production: boolean, target: string) => ({
  test: /\.[jt]sx?$/,
  exclude: /node_modules/,
  use: {
    loader: 'swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development: !production, refresh: false } },
        target,
      },
    },
  },
});

const ASSETS = /\.(png|jpe?g|gif|svg|webp|avif|mp4|woff2?)$/;
// 8 hex digits name a script's or a style's version: the runtime carries every lazy chunk's, so the
// landing page's first visit pays for each digit (two fewer than before saved about 100 bytes gzip of its 130 KB).
const CODE_HASH = '[contenthash:8]';
const ASSET_NAME = 'assets/[name].[contenthash:10][ext]';

/**
 * The build that renders the landing page to HTML at build time (src/prerender.tsx): Node,
 * styles ignored, asset URLs computed exactly as the browser build names them.
 */
export function prerenderConfig(outputPath: string): webpack.Configuration {
  return {
    name: 'prerender',
    mode: 'production',
    target: 'node',
    entry: { prerender: './src/prerender.tsx' },
    output: { path: outputPath, filename: '[name].js', library: { type: 'commonjs2' }, publicPath: '/', clean: true },
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    module: {
      rules: [
        tsRule(true, 'es2022'),
        { test: /\.css$/, type: 'asset/source' },
        { test: ASSETS, type: 'asset/resource', generator: { filename: ASSET_NAME, emit: false } },
      ],
    },
    plugins: [defines(true), new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 })],
    optimization: { minimize: false },
    performance: { hints: false },
  };
}

export default (
  _env: Env,
  argv: { mode?: 'production' | 'development' },
): webpack.Configuration & {
  devServer?: DevServerConfiguration;
} => {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    entry: {
      main: './src/main.tsx',
      // The collect page's loader (contract/firstPaint/photoFirst.ts): a fixed name the server writes into the
      // page, revalidated like the pages, and a runtime of its own, so it needs no other file.
      photoFirst: { import: './src/firstPaint/photoFirstLoader.ts', filename: 'photo-first.js', runtime: false },
      // The app shell's early requests (src/firstPaint/earlyRequests.ts): first and async in app.html
      // (EarlyScriptPlugin), with a runtime of its own so that it runs before any other file.
      earlyRequests: {
        import: './src/firstPaint/earlyRequestsScript.ts',
        filename: production ? `${EARLY_SCRIPT_PREFIX}${CODE_HASH}.js` : `${EARLY_SCRIPT_PREFIX}js`,
        runtime: false,
      },
    },
    output: {
      path: path.resolve(__dirname, 'dist'),
      publicPath: '/',
      filename: production ? `assets/[name].${CODE_HASH}.js` : 'assets/[name].js',
      chunkFilename: production ? `assets/[name].${CODE_HASH}.js` : 'assets/[name].js',
      assetModuleFilename: ASSET_NAME,
      // The compiled server lives in dist/server (scripts/buildServer.ts): a rebuild of the SPA
      // alone (`npm start` after an edit) must not take it away.
      clean: { keep: /^server[\\/]/ },
    },
    // Production maps are written for whoever debugs a report, never pointed at from the files the
    // public gets (no sourceMappingURL), and the server does not serve them (modules/firstPaint/http/staticFiles.ts).
    devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    module: {
      rules: [
        tsRule(production, 'es2020'),
        // A feature's index.ts re-exports pieces other features use (the shop's cart, the team's
        // leads): the landing page must not carry those merely because the routes import the index.
        // A machine's flow is the exception: its screen imports it for its injection alone
        // (`import './mirrorFlow'`), which a module without side effects would lose.
        { test: /src[\\/]features[\\/].+\.tsx?$/, exclude: /Flow\.ts$/, sideEffects: false },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        { test: ASSETS, type: 'asset/resource' },
      ],
    },
    plugins: [
      defines(production),
      // index.html gets the landing page rendered into it (scripts/build.ts); app.html stays an
      // empty shell for every other route, so no other route flashes the landing page.
      // The landing page asks for nothing early: its own scripts stay its only ones (bench:bundle).
      new HtmlWebpackPlugin({
        template: './public/index.html',
        favicon: './public/favicon.svg',
        excludeChunks: ['photoFirst', 'earlyRequests'],
      }),
      new HtmlWebpackPlugin({
        template: './public/index.html',
        filename: 'app.html',
        favicon: './public/favicon.svg',
        excludeChunks: ['photoFirst'],
      }),
      new EarlyScriptPlugin(EARLY_SCRIPT_PREFIX),
      new RouteChunksPlugin(),
      new PwaAssetsPlugin(path.resolve(__dirname, 'public/favicon.svg')),
      new MiniCssExtractPlugin({
        filename: production ? `assets/[name].${CODE_HASH}.css` : 'assets/[name].css',
        chunkFilename: production ? `assets/[name].${CODE_HASH}.css` : 'assets/[name].css',
      }),
      ...(production
        ? [
            // Production only: a worker in `npm run dev` would answer with stale chunks between edits.
            new InjectManifest({
              swSrc: './src/sw/sw.ts',
              swDest: 'sw.js',
              // The shell and the code of every route, not the landing page's pictures and videos:
              // media is kept as guests see it (src/sw/sw.ts).
              include: [/\.(js|css|html)$/, /^icons\/icon-\d+\.png$/, /^favicon\.svg$/, /^manifest\.webmanifest$/],
              exclude: [/\.map$/, /\.(gz|br)$/, /LICENSE/],
              // Hashed names change with their content: no revision query needed.
              dontCacheBustURLsMatching: /^assets\//,
            }),
            new CompressionPlugin({
              algorithm: 'gzip',
              test: /\.(js|css|html|svg|json)$/,
              threshold: 1024,
              filename: '[path][base].gz',
            }),
            new CompressionPlugin({
              algorithm: 'brotliCompress',
              test: /\.(js|css|html|svg|json)$/,
              threshold: 1024,
              filename: '[path][base].br',
              compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } } as zlib.ZlibOptions,
            }),
          ]
        : []),
    ],
    optimization: {
      minimizer: ['...', new CssMinimizerPlugin()],
      moduleIds: 'deterministic',
      chunkIds: production ? 'deterministic' : 'named',
      runtimeChunk: 'single',
      splitChunks: {
        chunks: 'all',
        // The libraries every page starts with, in three files instead of one: each is compiled in
        // a task of its own, so a cheap phone's main thread is never held for all of them at once.
        cacheGroups: {
          reactDom: {
            test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/,
            name: 'react-dom',
            chunks: 'initial',
            priority: 20,
          },
          router: {
            test: /[\\/]node_modules[\\/](react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/,
            name: 'router',
            chunks: 'initial',
            priority: 20,
          },
        },
      },
    },
    performance: { hints: false },
    devServer: {
      host: '127.0.0.1',
      port: Number(process.env.DEV_PORT ?? 3000),
      historyApiFallback: { index: '/app.html' },
      hot: false,
      // Every path the server owns (server/src/modules/firstPaint/http/staticFiles.ts); the rest is this build's.
      proxy: [
        { context: ['/api', '/media', '/thumbs', '/display', '/catalogo'], target: backend, changeOrigin: false },
      ],
    },
  };
};
