/**
 * Draws the demo media of tools/demoSeed/media (and the company's images of tools/demoSeed/catalogo): the photos, GIFs
 * and 360 videos of the demo events, their profile and cover pictures, the shop's product pictures and the AI mirror's
 * icons and results. Everything is the project's own drawing (SVG rendered by sharp); nothing
 * is downloaded. The output is committed, so this only runs when the drawings change:
 *
 *   npx tsx scripts/make-demo-media.ts
 *
 * Same output on every run (seeded drawings, fixed encoder settings), so a re-run changes no
 * committed file. The MP4s need ffmpeg (apt-get install -y ffmpeg); without it the images are
 * still made and the existing videos are kept.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  boomerangFrames,
  framedPhoto,
  hashtagPhoto,
  PHOTO_SIZES,
  polaroidPhoto,
  type Scene,
} from '../tools/booth/art/boothPhotos';
import { eventCover, eventProfile, type EventTheme } from '../tools/booth/art/eventArt';
import type { EventTitle } from '../tools/booth/art/frames';
import { mirrorIcon, mirrorResult, type MirrorStyle } from '../tools/booth/art/mirrorArt';
import type { Prop } from '../tools/booth/art/person';
import { productArt, type AccessoryArt, type ProductArt } from '../tools/booth/art/products';
import type { SpinGuest } from '../tools/booth/art/spin';
import { svgDocument } from '../tools/booth/art/svg';
import { animatedGif, jpeg, png } from '../tools/booth/encode';
import { hasFfmpeg, renderVideo, type SpinVideo } from './lib/spinVideo';

const OUT = path.resolve(__dirname, '../tools/demoSeed/media');

const ANA: EventTitle = { title: 'Festa da Ana', subtitle: '14 · 03 · 2026', accent: '#ffd23f' };
const BIA_LEO: EventTitle = { title: 'Bia & Leo', subtitle: '09 · 05 · 2026', accent: '#f5d08a' };
const FORMATURA: EventTitle = { title: 'Formatura', subtitle: 'TURMA 2026', accent: '#ffd23f' };

const THEMES: Record<string, EventTheme> = {
  festa_ana: { id: 'ana', palette: 'candy', emblem: 'baloes', ...ANA, seed: 900 },
  casamento_bia_e_leo: { id: 'bialeo', palette: 'wedding', emblem: 'aliancas', ...BIA_LEO, seed: 901 },
  formatura_privada: { id: 'formatura', palette: 'graduation', emblem: 'capelo', ...FORMATURA, seed: 902 },
};

const PAD = PHOTO_SIZES.pad;
const FEED = PHOTO_SIZES.feed;
const hashtag = (scene: Scene) => hashtagPhoto(scene, '#festadaana', 'festadaana');

type Output = { file: string; make: () => Promise<Buffer> } | { file: string; video: SpinVideo };

const PAD_SCENES: Scene[] = [
  { seed: 11, palette: 'neon', people: 3, discoBall: true, props: ['oculos', 'bigode', 'chapeu'] },
  { seed: 12, palette: 'sunset', people: 2, props: ['coroa', 'coracao'] },
  { seed: 13, palette: 'tropical', people: 4, discoBall: true, props: ['chapeu', 'laco', 'oculos', 'chapeu'] },
  { seed: 14, palette: 'candy', people: 1, props: ['chapeu'] },
];

const PRODUCTS: ProductArt[] = ['cabine-360', 'totem-fotos', 'cabine-polaroid', 'espelho-magico', 'album-impresso'];
const ACCESSORIES: AccessoryArt[] = [
  'plataforma-led',
  'bastao-selfie',
  'impressao-ilimitada',
  'fundo-instagramavel',
  'album',
];
const MIRROR: MirrorStyle[] = ['anime', 'heroi', 'oleo'];

function outputs(): Output[] {
  const list: Output[] = [];
  const add = (file: string, make: () => Promise<Buffer>) => list.push({ file, make });

  PAD_SCENES.forEach((scene, i) =>
    add(`festa_ana/pad/pad-0${i + 1}.jpg`, () => jpeg(framedPhoto(PAD.width, PAD.height, scene, ANA))),
  );
  const hashtrack: Scene[] = [
    { seed: 21, palette: 'ocean', people: 3, props: ['coracao', 'chapeu', 'oculos'] },
    { seed: 22, palette: 'neon', people: 2, discoBall: true, props: ['bigode', 'coroa'] },
    { seed: 23, palette: 'sunset', people: 4, props: ['laco', 'oculos', 'chapeu', 'nenhum'] },
  ];
  hashtrack.forEach((scene, i) => add(`festa_ana/hashtrack/hashtrack-0${i + 1}.jpg`, () => jpeg(hashtag(scene))));
  const feed: Scene[] = [
    { seed: 31, palette: 'candy', people: 3, discoBall: true, props: ['chapeu', 'coroa', 'chapeu'] },
    { seed: 32, palette: 'tropical', people: 2, props: ['oculos', 'laco'] },
    { seed: 33, palette: 'neon', people: 3, props: ['coracao', 'bigode', 'oculos'] },
  ];
  feed.forEach((scene, i) =>
    add(`festa_ana/feed/feed-0${i + 1}.jpg`, () =>
      jpeg(framedPhoto(FEED.width, FEED.height, { shoulderLine: 0.6, ...scene }, ANA)),
    ),
  );
  const polaroid: [Scene, string][] = [
    [{ seed: 41, palette: 'sunset', people: 2, props: ['chapeu', 'oculos'] }, 'Festa da Ana'],
    [{ seed: 42, palette: 'candy', people: 3, props: ['coroa', 'chapeu', 'laco'] }, 'Amigas para sempre'],
    [{ seed: 43, palette: 'ocean', people: 1, props: ['coracao'] }, 'Parabéns, Ana!'],
  ];
  polaroid.forEach(([scene, caption], i) =>
    add(`festa_ana/polaroid/polaroid-0${i + 1}.jpg`, () => jpeg(polaroidPhoto(scene, caption, ANA.subtitle))),
  );
  const boomerangs: Scene[] = [
    { seed: 51, palette: 'neon', people: 2, props: ['chapeu', 'oculos'] },
    { seed: 52, palette: 'tropical', people: 3, props: ['coroa', 'chapeu', 'coracao'] },
  ];
  boomerangs.forEach((scene, i) =>
    add(`festa_ana/boomerang/boomerang-0${i + 1}.gif`, () => animatedGif(boomerangFrames(scene, ANA), 90)),
  );
  const guest = (
    spot: number,
    skin: string,
    hair: string,
    hairStyle: SpinGuest['hairStyle'],
    shirt: string,
    prop: Prop,
    lift: [number, number],
  ): SpinGuest => ({
    spot,
    skin,
    hair,
    hairStyle,
    shirt,
    prop,
    lift,
  });
  list.push(
    {
      file: 'festa_ana/360/giro-01.mp4',
      video: {
        seed: 61,
        palette: 'neon',
        title: ANA.title,
        guests: [guest(0, '#c98d63', '#2a1b14', 'cacheado', '#ffd23f', 'oculos', [1, 1])],
      },
    },
    {
      file: 'festa_ana/360/giro-02.mp4',
      video: {
        seed: 62,
        palette: 'candy',
        title: ANA.title,
        guests: [
          guest(-0.9, '#f3c9a8', '#a0521d', 'longo', '#3ee6c1', 'chapeu', [0, 1]),
          guest(0.9, '#70472f', '#1d1a2f', 'curto', '#ff7a3d', 'coroa', [1, 0]),
        ],
      },
    },
    {
      file: 'casamento_bia_e_leo/360/giro-01.mp4',
      video: {
        seed: 63,
        palette: 'wedding',
        title: BIA_LEO.title,
        guests: [
          guest(-0.9, '#eab892', '#5a3825', 'coque', '#ffffff', 'laco', [0.1, 0.9]),
          guest(0.9, '#a06a45', '#2a1b14', 'curto', '#2f2a44', 'nenhum', [0.9, 0.1]),
        ],
      },
    },
  );

  const wedding: Scene[] = [
    { seed: 71, palette: 'wedding', people: 2, props: ['coroa', 'oculos'] },
    { seed: 72, palette: 'wedding', people: 4, props: ['laco', 'chapeu', 'nenhum', 'coracao'] },
  ];
  wedding.forEach((scene, i) =>
    add(`casamento_bia_e_leo/pad/pad-0${i + 1}.jpg`, () => jpeg(framedPhoto(PAD.width, PAD.height, scene, BIA_LEO))),
  );
  add('casamento_bia_e_leo/polaroid/polaroid-01.jpg', () =>
    jpeg(
      polaroidPhoto(
        { seed: 73, palette: 'wedding', people: 2, props: ['coracao', 'coracao'] },
        'Bia & Leo',
        BIA_LEO.subtitle,
      ),
    ),
  );
  add('casamento_bia_e_leo/polaroid/polaroid-02.jpg', () =>
    jpeg(
      polaroidPhoto(
        { seed: 74, palette: 'sunset', people: 3, props: ['oculos', 'coroa', 'bigode'] },
        'Viva os noivos!',
        BIA_LEO.subtitle,
      ),
    ),
  );
  const graduation: Scene[] = [
    { seed: 81, palette: 'graduation', people: 3, props: ['oculos', 'chapeu', 'coroa'] },
    { seed: 82, palette: 'graduation', people: 2, discoBall: true, props: ['bigode', 'oculos'] },
  ];
  graduation.forEach((scene, i) =>
    add(`formatura_privada/pad/pad-0${i + 1}.jpg`, () => jpeg(framedPhoto(PAD.width, PAD.height, scene, FORMATURA))),
  );

  for (const [event, theme] of Object.entries(THEMES)) {
    add(`${event}/feed/perfil.jpg`, () => jpeg(svgDocument(400, 400, eventProfile(theme))));
    add(`${event}/feed/capa.jpg`, () => jpeg(svgDocument(1200, 500, eventCover(theme))));
  }
  for (const product of PRODUCTS)
    add(`../catalogo/produto-${product}.jpg`, () => jpeg(svgDocument(800, 600, productArt(product, 800, 600))));
  for (const accessory of ACCESSORIES)
    add(`../catalogo/acessorio-${accessory}.jpg`, () => jpeg(svgDocument(400, 400, productArt(accessory, 400, 400))));
  for (const style of MIRROR) {
    add(`../catalogo/espelho-${style}.png`, () => png(svgDocument(256, 256, mirrorIcon(style))));
    // The results are not seeded: the simulated mirror uploads them when a guest asks.
    add(`espelho/resultado-${style}.jpg`, () => jpeg(svgDocument(1024, 1024, mirrorResult(style))));
  }
  return list;
}

// ---- main ------------------------------------------------------------------------------------

function folderSize(dir: string): number {
  return fs.readdirSync(dir, { withFileTypes: true }).reduce((sum, entry) => {
    const full = path.join(dir, entry.name);
    return sum + (entry.isDirectory() ? folderSize(full) : fs.statSync(full).size);
  }, 0);
}

async function main(): Promise<void> {
  const ffmpeg = hasFfmpeg();
  const missingVideos: string[] = [];
  for (const output of outputs()) {
    const target = path.join(OUT, output.file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    if ('make' in output) {
      fs.writeFileSync(target, await output.make());
    } else if (ffmpeg) {
      await renderVideo(target, output.video);
    } else {
      if (!fs.existsSync(target)) missingVideos.push(output.file);
      continue;
    }
    console.log(`  ${output.file}  ${(fs.statSync(target).size / 1024).toFixed(0)} KB`);
  }
  console.log(
    `Mídias de demonstração em ${path.relative(process.cwd(), OUT)}: ` +
      `${(folderSize(OUT) / 1024 / 1024).toFixed(2)} MB no total.`,
  );
  if (!ffmpeg) {
    console.error(
      '\nffmpeg não encontrado: os vídeos 360 (MP4) não foram gerados de novo. ' +
        'Instale com "apt-get install -y ffmpeg" (ou "brew install ffmpeg") e rode o script outra vez.' +
        (missingVideos.length ? `\nFaltam: ${missingVideos.join(', ')}` : '\nOs MP4 que já existiam foram mantidos.'),
    );
    if (missingVideos.length) process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
