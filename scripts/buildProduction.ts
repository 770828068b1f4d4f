import webpack from 'webpack';
import makeConfig from '../webpack.config';

/** Runs the production build in-process and resolves with its stats. */
export function buildProduction(outputPath?: string): Promise<{ stats: webpack.StatsCompilation; outputDir: string }> {
  const config = makeConfig({}, { mode: 'production' });
  if (outputPath) config.output = { ...config.output, path: outputPath };
  const outputDir = config.output?.path ?? 'dist';
  return new Promise((resolve, reject) => {
    webpack(config, (error, stats) => {
      if (error) return reject(error);
      if (!stats || stats.hasErrors()) return reject(new Error(stats?.toString('errors-only') ?? 'build failed'));
      resolve({
        stats: stats.toJson({ all: false, chunks: true, chunkModules: true, entrypoints: true, chunkGroups: true, ids: true }),
        outputDir,
      });
    });
  });
}
