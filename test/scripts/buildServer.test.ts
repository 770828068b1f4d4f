import type { Metafile } from 'esbuild';
import { dependenciesNeverRequired, requiresBeyondDependencies } from '../../scripts/buildServer';

/**
 * The server build's two checks of package.json's dependencies against what the bundles require:
 * nothing missing from a production install (`npm ci --omit=dev`), and nothing in it for nothing.
 */

function metafile(requires: Record<string, string[]>): Metafile {
  const outputs: Metafile['outputs'] = {};
  for (const [file, paths] of Object.entries(requires)) {
    outputs[file] = {
      bytes: 1,
      inputs: {},
      exports: [],
      imports: paths.map((p) => ({ path: p, kind: 'require-call' as const, external: !p.startsWith('./') })),
    };
  }
  return { inputs: {}, outputs };
}

const bundles = metafile({
  'dist/server/main.js': [
    'fastify',
    'node:fs',
    'crypto',
    'firebase-admin/auth',
    '@vladmandic/face-api/dist/face-api.node-wasm.js',
    './chunk.js',
  ],
  'dist/server/seed.js': ['pg', 'fastify'],
});

it('names what the bundles require beyond the dependencies, by package, built-ins left out', () => {
  expect(requiresBeyondDependencies(bundles, ['fastify', 'pg'])).toEqual(['@vladmandic/face-api', 'firebase-admin']);
  expect(requiresBeyondDependencies(bundles, ['fastify', 'pg', 'firebase-admin', '@vladmandic/face-api'])).toEqual([]);
});

it('names the dependencies no bundle requires: browser packages the SPA build bundles, types-only packages', () => {
  const dependencies = [
    'fastify',
    'pg',
    'firebase-admin',
    '@vladmandic/face-api',
    'react',
    '@fastify/type-provider-typebox',
  ];
  expect(dependenciesNeverRequired(bundles, dependencies)).toEqual(['@fastify/type-provider-typebox', 'react']);
  expect(dependenciesNeverRequired(bundles, dependencies.slice(0, 4))).toEqual([]);
});
