/**
 * `npm run bench:faces`: how well a selfie finds the photos its face is in, on the group
 * photos shipped in @vladmandic/face-api's package (demo/sample1..6.jpg). Every face the model
 * finds there is a guest; from each, selfies are made as a phone would give them (cropped with a
 * margin, rescaled, recompressed, turned up to 15 degrees, lightened) and searched against every
 * indexed face. Prints the time to index a photo, the precision and recall of the search at the
 * server's distance (and at others, to show the trade), and the time to rank 3,000 indexed faces.
 *
 * What this set can tell: that the pipeline finds the same face back through the changes a selfie
 * brings. What it cannot: how the model does with the same person weeks apart, in other light, at
 * a party of 300 lookalike cousins; each face here appears in one photo only.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { createFaceEngine } from '../server/src/modules/faces/model/faceEngine';
import {
  descriptorBytes,
  rankMatches,
  SAME_PERSON_DISTANCE,
  type IndexedFace,
} from '../server/src/modules/faces/model/faceMatch';
import type { FoundFace } from '../server/src/modules/faces/model/faceModel';
import { connectStackDatabase } from './lib/stackDatabase';
import { startStackProcess, type StackProcess, stackFolder } from './lib/stackProcess';

const DEMO = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');
const SAMPLES = [1, 2, 3, 4, 5, 6].map((n) => `sample${n}.jpg`);
const SEARCH_FACES = 3000;
const THRESHOLDS = [...new Set([0.4, 0.45, 0.5, 0.55, 0.6, SAME_PERSON_DISTANCE])].sort((a, b) => a - b);

interface Selfie {
  name: string;
  make: (face: Buffer) => Promise<Buffer>;
}

/** What a phone makes of a face: each a selfie of its own. */
const SELFIES: Selfie[] = [
  { name: 'recortada', make: (face) => sharp(face).jpeg({ quality: 90 }).toBuffer() },
  { name: 'pequena (160 px)', make: (face) => sharp(face).resize({ width: 160 }).jpeg({ quality: 85 }).toBuffer() },
  { name: 'recomprimida (JPEG 35)', make: (face) => sharp(face).jpeg({ quality: 35 }).toBuffer() },
  { name: 'girada 15°', make: (face) => sharp(face).rotate(15, { background: '#808080' }).jpeg().toBuffer() },
  { name: 'girada -10°', make: (face) => sharp(face).rotate(-10, { background: '#808080' }).jpeg().toBuffer() },
  { name: 'clareada', make: (face) => sharp(face).modulate({ brightness: 1.35 }).jpeg().toBuffer() },
];

/** The face with a selfie's margin around it, out of its photo. */
async function cropFace(photo: Buffer, width: number, height: number, face: FoundFace): Promise<Buffer> {
  const [x, y, w, h] = face.box;
  const left = Math.max(0, Math.round((x - w * 0.5) * width));
  const top = Math.max(0, Math.round((y - h * 0.6) * height));
  const right = Math.min(width, Math.round((x + w * 1.5) * width));
  const bottom = Math.min(height, Math.round((y + h * 1.4) * height));
  return sharp(photo)
    .extract({ left, top, width: right - left, height: bottom - top })
    .toBuffer();
}

const pct = (n: number) => `${(n * 100).toFixed(1)}%`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main(): Promise<void> {
  const engine = createFaceEngine();
  try {
    // Warm: the model loads once per process, not per photo.
    const warm = performance.now();
    await engine.findFaces(fs.readFileSync(path.join(DEMO, SAMPLES[0])));
    const loadMs = performance.now() - warm;

    const indexed: IndexedFace<string>[] = [];
    const guests: { photo: string; face: FoundFace; bytes: Buffer; width: number; height: number }[] = [];
    const indexMs: number[] = [];
    for (const sample of SAMPLES) {
      const bytes = fs.readFileSync(path.join(DEMO, sample));
      const { width = 0, height = 0 } = await sharp(bytes).metadata();
      const started = performance.now();
      const faces = await engine.findFaces(bytes);
      indexMs.push(performance.now() - started);
      for (const face of faces) {
        indexed.push({ photo: sample, descriptor: face.descriptor });
        guests.push({ photo: sample, face, bytes, width, height });
      }
      console.info(`${sample}: ${width}x${height}, ${faces.length} rostos em ${Math.round(indexMs.at(-1) ?? 0)} ms`);
    }

    // Each selfie's search: the photos it found, against the one its face is in.
    const found = new Map<number, { truth: string; matches: { photo: string; distance: number }[] }[]>(
      THRESHOLDS.map((t) => [t, []]),
    );
    let noFace = 0;
    // Per kind of selfie, at the server's distance: found its photo, and found no face at all.
    const byKind = new Map(SELFIES.map((selfie) => [selfie.name, { right: 0, noFace: 0, wrong: 0 }]));
    for (const guest of guests) {
      const face = await cropFace(guest.bytes, guest.width, guest.height, guest.face);
      for (const selfie of SELFIES) {
        const [seen] = await engine.findFaces(await selfie.make(face));
        const kind = byKind.get(selfie.name);
        if (!seen) {
          noFace += 1;
          if (kind) kind.noFace += 1;
          for (const threshold of THRESHOLDS) found.get(threshold)?.push({ truth: guest.photo, matches: [] });
          continue;
        }
        for (const threshold of THRESHOLDS)
          found.get(threshold)?.push({ truth: guest.photo, matches: rankMatches(seen.descriptor, indexed, threshold) });
        const atServer = rankMatches(seen.descriptor, indexed);
        if (kind && atServer.some((m) => m.photo === guest.photo)) kind.right += 1;
        if (kind && atServer.some((m) => m.photo !== guest.photo)) kind.wrong += 1;
      }
    }

    console.info(`\nmodelo carregado em ${Math.round(loadMs)} ms (uma vez por processo)`);
    console.info(
      `indexar uma foto (1920 px de largura, 3-5 rostos): mediana ${Math.round(median(indexMs))} ms, máx. ` +
        `${Math.round(Math.max(...indexMs))} ms`,
    );
    console.info(
      `${guests.length} rostos, ${guests.length * SELFIES.length} selfies (` +
        `${SELFIES.map((s) => s.name).join(', ')}); sem rosto achado na selfie: ${noFace}\n`,
    );
    console.info('| distância | precisão | revocação | selfies com falso positivo |');
    console.info('| ---: | ---: | ---: | ---: |');
    for (const threshold of THRESHOLDS) {
      const searches = found.get(threshold) ?? [];
      let truePositives = 0;
      let falsePositives = 0;
      let withFalse = 0;
      for (const { truth, matches } of searches) {
        const right = matches.filter((m) => m.photo === truth).length;
        truePositives += right;
        falsePositives += matches.length - right;
        if (matches.length > right) withFalse += 1;
      }
      const precision = truePositives + falsePositives === 0 ? 1 : truePositives / (truePositives + falsePositives);
      const recall = truePositives / searches.length;
      const mark = threshold === SAME_PERSON_DISTANCE ? ' (a do servidor)' : '';
      console.info(`| ${threshold}${mark} | ${pct(precision)} | ${pct(recall)} | ${withFalse} de ${searches.length} |`);
    }

    console.info(`\nà distância do servidor (${SAME_PERSON_DISTANCE}), por tipo de selfie (de ${guests.length}):\n`);
    console.info('| selfie | achou a sua foto | com foto de outra pessoa | sem rosto achado |');
    console.info('| --- | ---: | ---: | ---: |');
    for (const [name, kind] of byKind) console.info(`| ${name} | ${kind.right} | ${kind.wrong} | ${kind.noFace} |`);

    // An event of 3,000 indexed faces: the real descriptors, each again with a little noise.
    const many: IndexedFace<number>[] = Array.from({ length: SEARCH_FACES }, (_, i) => {
      const base = indexed[i % indexed.length].descriptor;
      return {
        photo: Math.floor(i / 4),
        descriptor: Float32Array.from(base, (v, k) => v + Math.sin(i * 131 + k) * 0.02),
      };
    });
    const probe = indexed[0].descriptor;
    const rankMs: number[] = [];
    for (let run = 0; run < 50; run += 1) {
      const started = performance.now();
      rankMatches(probe, many);
      rankMs.push(performance.now() - started);
    }
    console.info(
      `\nordenar ${SEARCH_FACES.toLocaleString('pt-BR')} rostos indexados contra uma selfie: mediana ` +
        `${median(rankMs).toFixed(2)} ms, máx. ${Math.max(...rankMs).toFixed(2)} ms (em memória)`,
    );
    const selfie = await cropFace(guests[0].bytes, guests[0].width, guests[0].height, guests[0].face);
    await measureWholeSearch(many, await sharp(selfie).resize({ width: 640 }).jpeg({ quality: 85 }).toBuffer());
  } finally {
    await engine.close();
  }
}

/**
 * The whole search as a guest's phone meets it, against a running server (`npm start`'s, its
 * embedded PostgreSQL): an event of 3,000 indexed faces (4 per photo) written to the database,
 * then the selfie sent (`POST /api/uploadFace`: the model finds its face, then the search) and the
 * search again with the kept selfie (`GET /api/fotos-do-rosto`: the database read and the ranking),
 * over HTTP on this machine.
 */
async function measureWholeSearch(faces: readonly IndexedFace<number>[], selfie: Buffer): Promise<void> {
  const dir = stackFolder('bench-faces-');
  const dataDir = path.join(dir, 'data');
  let stack: StackProcess | null = null;
  try {
    // Searched 30 times in a few seconds: more than a guest's limit a minute.
    stack = await startStackProcess({
      DATA_DIR: dataDir,
      DIST_DIR: path.join(dir, 'no-dist'),
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9',
      RATE_LIMIT_SCALE: '10',
    });
    const photos = Math.ceil(faces.length / 4);
    const db = await connectStackDatabase(dataDir);
    try {
      await db.query(
        "INSERT INTO events (name, public_id, devices, face_search) VALUES ('festa_rostos', " +
          "'festa-rostos-bench', '{pad}', true)",
      );
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO media (event_name, mode, file, kind) SELECT 'festa_rostos', 'pad', 'foto-' || n || '.jpg',` +
          ` 'image' FROM generate_series(1, $1) n RETURNING id`,
        [photos],
      );
      // Indexed already: the photos' rows as the face-index job leaves them.
      await db.query(
        `INSERT INTO face_photos (media_id, event_name, status, faces, indexed_at) SELECT id, event_name, ` +
          `'indexed', 4, now() FROM media WHERE event_name = 'festa_rostos'`,
      );
      for (let start = 0; start < faces.length; start += 500) {
        const batch = faces.slice(start, start + 500);
        await db.query(
          `INSERT INTO face_descriptors (media_id, event_name, box, descriptor)
           SELECT unnest($1::bigint[]), 'festa_rostos', '{0.4,0.3,0.1,0.1}', unnest($2::bytea[])`,
          [
            batch.map((face) => rows[face.photo % rows.length].id),
            batch.map((face) => descriptorBytes(face.descriptor)),
          ],
        );
      }
    } finally {
      await db.end();
    }
    // A visitor the server gives: a browser without its signed agent gets one with its first reply.
    const first = await fetch(`${stack.url}/api/health`, { headers: { cookie: 'agent=' } });
    const given = new Map(
      first.headers.getSetCookie().map((header) => {
        const pair = header.split(';')[0];
        return [pair.slice(0, pair.indexOf('=')), pair] as const;
      }),
    );
    const [agentCookie, signature] = [given.get('agent'), given.get('agent_sig')];
    if (!agentCookie || !signature) throw new Error(`the server gave no visitor (${first.status})`);
    const agent = agentCookie.slice('agent='.length);
    const cookie = `${agentCookie}; ${signature}`;
    const body = JSON.stringify({
      poligram: `data:image/jpeg;base64,${selfie.toString('base64')}`,
      consentimento: true,
      eventos: ['festa_rostos'],
    });

    const uploadMs: number[] = [];
    const searchMs: number[] = [];
    let found = 0;
    for (let run = 0; run < 5; run += 1) {
      const started = performance.now();
      const response = await fetch(`${stack.url}/api/uploadFace/${agent}`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body,
      });
      if (response.status !== 200) throw new Error(`uploadFace answered ${response.status}: ${await response.text()}`);
      found = ((await response.json()) as { found: unknown[] }).found.length;
      // The first one loads the model (once per process): not a search's time.
      if (run > 0) uploadMs.push(performance.now() - started);
    }
    for (let run = 0; run < 30; run += 1) {
      const started = performance.now();
      const response = await fetch(`${stack.url}/api/fotos-do-rosto/${agent}?eventos=festa_rostos`, {
        headers: { cookie },
      });
      if (response.status !== 200) throw new Error(`fotos-do-rosto answered ${response.status}`);
      await response.arrayBuffer();
      searchMs.push(performance.now() - started);
    }
    console.info(
      `\na busca inteira num evento de ${faces.length.toLocaleString('pt-BR')} rostos indexados (${photos} ` +
        `fotos), pelo HTTP de um servidor rodando:\n`,
    );
    console.info('| chamada | mediana | máx. |');
    console.info('| --- | ---: | ---: |');
    console.info(
      `| buscar de novo com a selfie guardada (GET /api/fotos-do-rosto) | ${median(searchMs).toFixed(0)} ms | ` +
        `${Math.max(...searchMs).toFixed(0)} ms |`,
    );
    console.info(
      `| enviar a selfie (POST /api/uploadFace: achar o rosto, depois buscar) | ${median(uploadMs).toFixed(0)} ` +
        `ms | ${Math.max(...uploadMs).toFixed(0)} ms |`,
    );
    console.info(`\n(${found} fotos achadas; meta da busca: 300 ms)`);
  } finally {
    await stack?.interrupt();
    fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
