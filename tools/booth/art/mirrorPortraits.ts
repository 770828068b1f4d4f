import { drawFigure } from './person';
import { seededRandom } from './random';
import { FONT_SANS, glowGradient, heartPath, linearGradient, n, sparkle } from './svg';

/** The AI mirror's drawings (mirrorArt.ts): the portrait of each style, and the shapes its icons share with them. */

export function animeEye(cx: number, cy: number, size: number, iris: string): string {
  const rx = size * 0.42;
  const ry = size * 0.5;
  return (
    `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="#fff"/>` +
    `<ellipse cx="${n(cx + rx * 0.08)}" cy="${n(cy + ry * 0.08)}" rx="${n(rx * 0.78)}" ry="${n(ry * 0.86)}" ` +
    `fill="url(#${iris})"/>` +
    `<ellipse cx="${n(cx + rx * 0.08)}" cy="${n(cy + ry * 0.1)}" rx="${n(rx * 0.32)}" ry="${n(ry * 0.42)}" ` +
    `fill="#150a2e"/>` +
    `<circle cx="${n(cx - rx * 0.25)}" cy="${n(cy - ry * 0.3)}" r="${n(rx * 0.26)}" fill="#fff"/>` +
    `<circle cx="${n(cx + rx * 0.35)}" cy="${n(cy + ry * 0.4)}" r="${n(rx * 0.11)}" fill="#fff"/>` +
    // The lashes flick out on the left: this is a left eye; the right one is its mirror image.
    `<path d="M${n(cx + rx * 1.2)},${n(cy - ry * 0.55)} Q${n(cx)},${n(cy - ry * 1.35)} ${n(cx - rx * 1.15)},` +
    `${n(cy - ry * 0.75)} L${n(cx - rx * 1.45)},${n(cy - ry * 1.05)}" stroke="#2b1d2e" stroke-width="` +
    `${n(size * 0.07)}" stroke-linecap="round" fill="none"/>`
  );
}

export function burst(cx: number, cy: number, outer: number, inner: number, points: number, fill: string): string {
  const pts = Array.from({ length: points * 2 }, (_, i) => {
    const a = (i / (points * 2)) * Math.PI * 2;
    const r = i % 2 ? inner : outer;
    return `${n(cx + Math.cos(a) * r)},${n(cy + Math.sin(a) * r)}`;
  }).join(' ');
  return `<polygon points="${pts}" fill="${fill}"/>`;
}

export function bolt(cx: number, cy: number, size: number, fill: string): string {
  const p = [
    [0.1, -0.5],
    [-0.25, 0.05],
    [0, 0.05],
    [-0.1, 0.5],
    [0.25, -0.08],
    [0, -0.08],
  ]
    .map(([x, y]) => `${n(cx + x * size)},${n(cy + y * size)}`)
    .join(' ');
  return (
    `<polygon points="${p}" fill="${fill}" stroke="#b45309" stroke-width="${n(size * 0.02)}" ` +
    `stroke-linejoin="round"/>`
  );
}

export function animePortrait(s: number): string {
  const k = s / 1024;
  const P = (x: number, y: number) => `${n(x * k)},${n(y * k)}`;
  const r = seededRandom(301);
  const lines = Array.from({ length: 40 }, (_, i) => {
    const a = (i / 40) * Math.PI * 2 + r.range(-0.05, 0.05);
    const far = 900 * k;
    const spread = r.range(0.008, 0.02);
    return (
      `<path d="M${n(s / 2)},${n(s * 0.45)} L${n(s / 2 + Math.cos(a - spread) * far)},` +
      `${n(s * 0.45 + Math.sin(a - spread) * far)} L${n(s / 2 + Math.cos(a + spread) * far)},` +
      `${n(s * 0.45 + Math.sin(a + spread) * far)} Z" fill="#fff" opacity="0.22"/>`
    );
  }).join('');
  const blossoms = Array.from({ length: 16 }, () => {
    const x = r.range(0, s);
    const y = r.range(0, s);
    const size = r.range(10, 24) * k;
    const petals = Array.from({ length: 5 }, (_, i) => {
      const a = (i / 5) * Math.PI * 2;
      return (
        `<circle cx="${n(x + Math.cos(a) * size)}" cy="${n(y + Math.sin(a) * size)}" r="${n(size * 0.75)}" ` +
        `fill="#ffc1dc"/>`
      );
    }).join('');
    return `${petals}<circle cx="${n(x)}" cy="${n(y)}" r="${n(size * 0.4)}" fill="#ff7eb6"/>`;
  }).join('');
  const spikes = (points: readonly (readonly [number, number])[]) => points.map(([x, y]) => P(x, y)).join(' ');
  return (
    `<defs>${linearGradient('an-bg', ['#ffd1ec', '#c3b1e1', '#8ec5fc'])}` +
    `${linearGradient('an-hair', ['#ff8fc7', '#b86bff'])}` +
    `${linearGradient('an-iris', ['#2b1055', '#7b5cff', '#7ee8fa'])}` +
    `${linearGradient('an-skin', ['#fff0e6', '#ffd9c4'])}</defs>` +
    `<rect width="${s}" height="${s}" fill="url(#an-bg)"/>` +
    lines +
    blossoms +
    // Hair behind the head, long and spiky down to the shoulders.
    `<polygon points="${spikes([
      [250, 420],
      [230, 250],
      [330, 140],
      [512, 90],
      [700, 140],
      [800, 260],
      [790, 430],
      [840, 700],
      [760, 640],
      [770, 860],
      [680, 760],
      [340, 760],
      [250, 860],
      [262, 640],
      [180, 700],
    ])}" fill="url(#an-hair)"/>` +
    // Shoulders in a sailor uniform.
    `<path d="M${P(180, 1024)} L${P(230, 860)} Q${P(300, 790)} ${P(440, 770)} L${P(584, 770)} Q${P(724, 790)} ` +
    `${P(794, 860)} L${P(844, 1024)} Z" fill="#fdfdfd"/>` +
    `<path d="M${P(300, 800)} L${P(512, 930)} L${P(724, 800)} L${P(760, 880)} L${P(512, 1010)} L${P(264, 880)} ` +
    `Z" fill="#1e3a8a"/>` +
    `<path d="M${P(460, 905)} L${P(564, 905)} L${P(512, 1000)} Z" fill="#e11d48"/>` +
    `<rect x="${n(470 * k)}" y="${n(690 * k)}" width="${n(84 * k)}" height="${n(110 * k)}" fill="#ffd9c4"/>` +
    // Face: wide cheeks, small pointed chin.
    `<path d="M${P(330, 380)} C${P(330, 220)} ${P(694, 220)} ${P(694, 380)} L${P(694, 480)} C${P(694, 600)} ` +
    `${P(590, 690)} ${P(512, 725)} C${P(434, 690)} ${P(330, 600)} ${P(330, 480)} Z" fill="url(#an-skin)"/>` +
    // Fringe over the forehead.
    `<polygon points="${spikes([
      [300, 420],
      [310, 260],
      [400, 180],
      [512, 160],
      [640, 185],
      [720, 270],
      [725, 430],
      [670, 330],
      [640, 420],
      [590, 320],
      [540, 410],
      [500, 320],
      [440, 420],
      [420, 330],
      [360, 440],
    ])}" fill="url(#an-hair)"/>` +
    animeEye(425 * k, 505 * k, 150 * k, 'an-iris') +
    `<g transform="translate(${n(1024 * k)} 0) scale(-1 1)">${animeEye(425 * k, 505 * k, 150 * k, 'an-iris')}</g>` +
    `<path d="M${P(507, 590)} L${P(512, 600)}" stroke="#d89a8a" stroke-width="${n(4 * k)}" stroke-linecap="round"/>` +
    `<path d="M${P(480, 640)} Q${P(512, 675)} ${P(544, 640)} Z" fill="#b3263f"/>` +
    [-1, 1]
      .map(
        (d) =>
          `<ellipse cx="${n((512 + d * 150) * k)}" cy="${n(600 * k)}" rx="${n(48 * k)}" ry="${n(22 * k)}" ` +
          `fill="#ff7eb6" opacity="0.4"/>`,
      )
      .join('') +
    sparkle(170 * k, 200 * k, 40 * k, '#fff') +
    sparkle(860 * k, 330 * k, 30 * k, '#fff') +
    sparkle(820 * k, 140 * k, 18 * k, '#fff')
  );
}

export function heroPortrait(s: number): string {
  const k = s / 1024;
  const r = seededRandom(302);
  const rays = Array.from({ length: 24 }, (_, i) => {
    const a0 = (i / 24) * Math.PI * 2;
    const a1 = ((i + 0.5) / 24) * Math.PI * 2;
    const far = 1000 * k;
    return (
      `<path d="M${n(s / 2)},${n(s * 0.42)} L${n(s / 2 + Math.cos(a0) * far)},${n(s * 0.42 + Math.sin(a0) * far)}` +
      ` L${n(s / 2 + Math.cos(a1) * far)},${n(s * 0.42 + Math.sin(a1) * far)} Z" fill="#ffb703"/>`
    );
  }).join('');
  const city: string[] = [];
  let x = 0;
  while (x < s) {
    const bw = r.range(60, 130) * k;
    const bh = r.range(160, 380) * k;
    city.push(`<rect x="${n(x)}" y="${n(s - bh)}" width="${n(bw + 1)}" height="${n(bh)}" fill="#1b1f4b"/>`);
    for (let wy = s - bh + 20 * k; wy < s - 20 * k; wy += 34 * k) {
      for (let wx = x + 12 * k; wx < x + bw - 20 * k; wx += 26 * k) {
        if (r.next() < 0.55)
          city.push(`<rect x="${n(wx)}" y="${n(wy)}" width="${n(12 * k)}" height="${n(16 * k)}" fill="#ffe066"/>`);
      }
    }
    x += bw;
  }
  const u = 125 * k;
  const cx = s / 2;
  const shoulders = s * 0.64;
  const hy = shoulders - 1.3 * u;
  return (
    `<defs>${linearGradient('he-bg', ['#ff7b00', '#ff006e'])}<pattern id="he-dots" width="${n(40 * k)}" ` +
    `height="${n(40 * k)}" patternUnits="userSpaceOnUse"><circle cx="${n(20 * k)}" cy="${n(20 * k)}" r="` +
    `${n(7 * k)}" fill="#fff" opacity="0.3"/></pattern>${linearGradient('he-cape', ['#e11d48', '#7f1d1d'])}` +
    `</defs>` +
    `<rect width="${s}" height="${s}" fill="url(#he-bg)"/>` +
    rays +
    `<rect width="${s}" height="${s}" fill="url(#he-dots)"/>` +
    city.join('') +
    // Cape first, behind the hero.
    `<path d="M${n(cx - 1.2 * u)},${n(shoulders + 0.2 * u)} L${n(cx - 3.2 * u)},${n(s)} L${n(cx + 3.4 * u)},` +
    `${n(s)} L${n(cx + 1.2 * u)},${n(shoulders + 0.2 * u)} Z" fill="url(#he-cape)"/>` +
    drawFigure({
      id: 'hero',
      x: cx,
      shoulders,
      bottom: s,
      u,
      skin: '#c98d63',
      hair: '#1d1a2f',
      hairStyle: 'curto',
      shirt: '#1e40af',
      prop: 'nenhum',
      lift: [0.66, 0.05],
    }) +
    // Mask across the eyes.
    `<path d="M${n(cx - 0.95 * u)},${n(hy - 0.05 * u)} Q${n(cx)},${n(hy - 0.45 * u)} ${n(cx + 0.95 * u)},` +
    `${n(hy - 0.05 * u)} L${n(cx + 0.8 * u)},${n(hy + 0.22 * u)} Q${n(cx)},${n(hy + 0.05 * u)} ` +
    `${n(cx - 0.8 * u)},${n(hy + 0.22 * u)} Z" fill="#111827"/>` +
    [-1, 1]
      .map(
        (d) =>
          `<ellipse cx="${n(cx + d * 0.36 * u)}" cy="${n(hy)}" rx="${n(0.16 * u)}" ry="${n(0.09 * u)}" fill="#fff"/>`,
      )
      .join('') +
    `<circle cx="${n(cx)}" cy="${n(shoulders + 1.25 * u)}" r="${n(0.62 * u)}" fill="#ffd23f" stroke="#b45309" ` +
    `stroke-width="${n(0.06 * u)}"/>` +
    bolt(cx, shoulders + 1.25 * u, 0.9 * u, '#e11d48') +
    burst(s * 0.8, s * 0.17, 130 * k, 90 * k, 12, '#fff') +
    `<text x="${n(s * 0.8)}" y="${n(s * 0.17 + 22 * k)}" text-anchor="middle" font-family="${FONT_SANS}" ` +
    `font-weight="bold" font-size="${n(64 * k)}" fill="#e11d48" transform="rotate(-10 ${n(s * 0.8)} ` +
    `${n(s * 0.17)})">UAU!</text>`
  );
}

export function oilPortrait(s: number): string {
  const k = s / 1024;
  const r = seededRandom(303);
  const strokes: string[] = [];
  const step = 34 * k;
  const sky = ['#1d3557', '#274c77', '#3a6ea5', '#457b9d', '#6096ba'];
  for (let y = 0; y < s; y += step) {
    for (let x = 0; x < s; x += step) {
      // A swirling flow around two centres, like a famous starry sky.
      const a = Math.atan2(y - s * 0.25, x - s * 0.3) + Math.PI / 2 + Math.sin(x / (90 * k)) * 0.4;
      const len = r.range(24, 40) * k;
      const px = x + r.range(0, step);
      const py = y + r.range(0, step);
      const hill = y > s * 0.72 + Math.sin(x / (160 * k)) * 40 * k;
      const colour = hill ? r.pick(['#2d6a4f', '#40916c', '#1b4332', '#52b788']) : r.pick(sky);
      strokes.push(
        `<path d="M${n(px - (Math.cos(a) * len) / 2)},${n(py - (Math.sin(a) * len) / 2)} L` +
          `${n(px + (Math.cos(a) * len) / 2)},${n(py + (Math.sin(a) * len) / 2)}" stroke="${colour}" ` +
          `stroke-width="${n(r.range(10, 16) * k)}" stroke-linecap="round"/>`,
      );
    }
  }
  const moon = Array.from(
    { length: 5 },
    (_, i) =>
      `<circle cx="${n(s * 0.8)}" cy="${n(s * 0.17)}" r="${n((40 + i * 18) * k)}" fill="none" stroke="` +
      `${i % 2 ? '#ffd166' : '#f4a261'}" stroke-width="${n(10 * k)}" opacity="${n(1 - i * 0.15)}"/>`,
  ).join('');
  const stars = Array.from({ length: 7 }, () => {
    const x = r.range(0.05, 0.65) * s;
    const y = r.range(0.05, 0.35) * s;
    return (
      `<circle cx="${n(x)}" cy="${n(y)}" r="${n(22 * k)}" fill="#ffd166" opacity="0.8"/><circle cx="${n(x)}" cy="` +
      `${n(y)}" r="${n(36 * k)}" fill="none" stroke="#fff3b0" stroke-width="${n(6 * k)}" opacity="0.6"/>`
    );
  }).join('');
  const frame = 46 * k;
  return (
    `<defs>${linearGradient('oil-gold', ['#fff1b8', '#c08a1e', '#7a5200', '#e9c46a'])}` +
    `${glowGradient('oil-moon', '#ffe8a3', 0.7)}` +
    `<filter id="oil-paint" x="-5%" y="-5%" width="110%" height="110%"><feTurbulence type="fractalNoise" ` +
    `baseFrequency="${n(0.035 / k)}" numOctaves="2" seed="7"/><feDisplacementMap in="SourceGraphic" scale="` +
    `${n(16 * k)}" xChannelSelector="R" yChannelSelector="G"/></filter></defs>` +
    `<rect width="${s}" height="${s}" fill="#1d3557"/>` +
    `<g filter="url(#oil-paint)">${strokes.join('')}<circle cx="${n(s * 0.8)}" cy="${n(s * 0.17)}" r="` +
    `${n(160 * k)}" fill="url(#oil-moon)"/>${moon}${stars}` +
    drawFigure({
      id: 'oil',
      x: s / 2,
      shoulders: s * 0.7,
      bottom: s,
      u: 120 * k,
      skin: '#e9b98f',
      hair: '#6b3a1f',
      hairStyle: 'longo',
      shirt: '#9d0208',
      prop: 'nenhum',
      lift: [0, 0],
    }) +
    `<path d="${heartPath(s / 2, s * 0.84, 60 * k)}" fill="#ffd166"/></g>` +
    `<rect x="${n(frame / 2)}" y="${n(frame / 2)}" width="${n(s - frame)}" height="${n(s - frame)}" ` +
    `fill="none" stroke="url(#oil-gold)" stroke-width="${n(frame)}"/>` +
    `<rect x="${n(frame)}" y="${n(frame)}" width="${n(s - 2 * frame)}" height="${n(s - 2 * frame)}" ` +
    `fill="none" stroke="#5c3d00" stroke-width="${n(5 * k)}"/>`
  );
}
