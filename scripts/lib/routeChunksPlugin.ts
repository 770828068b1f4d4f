import webpack, { type Compiler } from 'webpack';

/**
 * Where the build lists each lazily loaded screen's files (server/src/modules/firstPaint/http/routeChunks.ts reads
 * it).
 */
export const ROUTE_CHUNKS_FILE = 'route-chunks.json';

/**
 * Writes `route-chunks.json`: for every named chunk group that is loaded on demand (a screen's
 * `webpackChunkName`), its JavaScript and CSS files in load order, without those the entry page
 * already loads. The server names a first screen's files in its page, so that they download with
 * the app's own scripts rather than after them.
 */
export class RouteChunksPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('RouteChunksPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'RouteChunksPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const loadedFirst = new Set(compilation.entrypoints.get('main')?.getFiles() ?? []);
          const groups: Record<string, string[]> = {};
          for (const [name, group] of compilation.namedChunkGroups) {
            if (group.isInitial()) continue;
            const files = group.getFiles().filter((file) => /\.(js|css)$/.test(file) && !loadedFirst.has(file));
            groups[name] = files.map(
              (file) =>
                (compilation.outputOptions.publicPath === 'auto'
                  ? '/'
                  : String(compilation.outputOptions.publicPath ?? '/')) + `${file}`,
            );
          }
          compilation.emitAsset(
            ROUTE_CHUNKS_FILE,
            new webpack.sources.RawSource(`${JSON.stringify(groups, null, 1)}\n`),
          );
        },
      );
    });
  }
}
