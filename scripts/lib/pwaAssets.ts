/**
 * The web app manifest and its icons, made at build time from public/favicon.svg so
 * the icons never drift from the favicon: a webpack plugin that emits them as assets, before the
 * service worker's precache list is written.
 */
import fs from 'node:fs';
import sharp from 'sharp';
import webpack from 'webpack';

/** The palette of src/styles/base.css: --ink, the colour of the favicon's tile and of the header. */
export const THEME_COLOR = '#1b1530';
export const BACKGROUND_COLOR = '#ffffff';

export const MANIFEST_FILE = 'manifest.webmanifest';

interface IconSpec {
  file: string;
  size: number;
  /** Share of the square the favicon fills: a maskable icon keeps its drawing in the central safe zone. */
  scale: number;
  /** Painted behind the favicon: iOS and maskable icons must be opaque to the edges. */
  opaque: boolean;
  purpose?: 'any' | 'maskable';
}

export const ICONS: IconSpec[] = [
  { file: 'icons/icon-192.png', size: 192, scale: 1, opaque: false, purpose: 'any' },
  { file: 'icons/icon-512.png', size: 512, scale: 1, opaque: false, purpose: 'any' },
  // The safe zone of a maskable icon is the central circle of 80% of its side.
  { file: 'icons/icon-maskable-512.png', size: 512, scale: 0.72, opaque: true, purpose: 'maskable' },
  { file: 'icons/apple-touch-icon.png', size: 180, scale: 0.86, opaque: true },
];

export function webAppManifest(): Record<string, unknown> {
  return {
    name: 'Cabine de Eventos',
    short_name: 'Cabine',
    description:
      'Cabines de fotos, vídeos 360 e imagens com IA para o seu evento. Encontre, colecione, compartilhe e ' +
      'imprima suas fotos.',
    lang: 'pt-BR',
    dir: 'ltr',
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: ICONS.filter((icon) => icon.purpose).map((icon) => ({
      src: `/${icon.file}`,
      sizes: `${icon.size}x${icon.size}`,
      type: 'image/png',
      purpose: icon.purpose,
    })),
  };
}

export async function renderIcon(svg: Buffer, icon: IconSpec): Promise<Buffer> {
  const inner = Math.round(icon.size * icon.scale);
  const glyph = await sharp(svg, { density: Math.ceil((72 * inner) / 64) * 2 })
    .resize(inner, inner)
    .png()
    .toBuffer();
  const offset = Math.round((icon.size - inner) / 2);
  return sharp({
    create: {
      width: icon.size,
      height: icon.size,
      channels: 4,
      background: icon.opaque ? THEME_COLOR : { r: 0, g: 0, b: 0, alpha: 0 },
    },
  })
    .composite([{ input: glyph, left: offset, top: offset }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

export class PwaAssetsPlugin {
  constructor(private readonly faviconPath: string) {}

  apply(compiler: webpack.Compiler): void {
    compiler.hooks.thisCompilation.tap('PwaAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        { name: 'PwaAssetsPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        async () => {
          compilation.fileDependencies.add(this.faviconPath);
          const svg = fs.readFileSync(this.faviconPath);
          for (const icon of ICONS) {
            compilation.emitAsset(icon.file, new webpack.sources.RawSource(await renderIcon(svg, icon)));
          }
          compilation.emitAsset(
            MANIFEST_FILE,
            new webpack.sources.RawSource(`${JSON.stringify(webAppManifest(), null, 2)}\n`),
          );
        },
      );
    });
  }
}
