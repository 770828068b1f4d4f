import HtmlWebpackPlugin from 'html-webpack-plugin';
import type { Compiler } from 'webpack';

/**
 * Makes an entry's script the page's first, and `async`: it runs the moment it arrives instead of
 * after the document is parsed and the app's deferred scripts have run (the page's early requests,
 * src/firstPaint/earlyRequestsScript.ts). Its file is recognised by its name's prefix.
 */
export class EarlyScriptPlugin {
  constructor(private readonly filePrefix: string) {}

  apply(compiler: Compiler): void {
    compiler.hooks.compilation.tap('EarlyScriptPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('EarlyScriptPlugin', (data) => {
        const isEarly = (tag: HtmlWebpackPlugin.HtmlTagObject) =>
          tag.tagName === 'script' &&
          typeof tag.attributes.src === 'string' &&
          tag.attributes.src.includes(this.filePrefix);
        const early = data.headTags.filter(isEarly);
        for (const tag of early) {
          delete tag.attributes.defer;
          tag.attributes.async = true;
        }
        data.headTags = [...early, ...data.headTags.filter((tag) => !isEarly(tag))];
        return data;
      });
    });
  }
}
