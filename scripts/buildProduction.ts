import path from 'node:path';
import type webpack from 'webpack';
import { buildSpa } from './build';

/** The production build (as `npm run build` makes it), resolving with the browser build's stats. */
export async function buildProduction(
  outputPath = 'dist',
): Promise<{ stats: webpack.StatsCompilation; outputDir: string }> {
  const outputDir = path.resolve(outputPath);
  return { stats: await buildSpa(outputDir), outputDir };
}
