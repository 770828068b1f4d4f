import { animeEye, animePortrait, bolt, burst, heroPortrait, oilPortrait } from './mirrorPortraits';
import { linearGradient, n, sparkle } from './svg';

/**
 * The AI mirror's demo pictures: an icon per mode and a "generated" portrait per mode, which
 * the simulated mirror sends back as its result. Drawn, not generated: no model is involved.
 */
export type MirrorStyle = 'anime' | 'heroi' | 'oleo';

export function mirrorIcon(style: MirrorStyle, size = 256): string {
  const s = size;
  switch (style) {
    case 'anime':
      return (
        `<defs>${linearGradient('ic-anime-bg', ['#ffd1ec', '#a18cd1'])}` +
        `${linearGradient('ic-anime-iris', ['#2b1055', '#7b5cff', '#7ee8fa'])}</defs>` +
        `<rect width="${s}" height="${s}" fill="url(#ic-anime-bg)"/>` +
        animeEye(s / 2, s * 0.55, s * 0.6, 'ic-anime-iris') +
        sparkle(s * 0.2, s * 0.2, s * 0.07, '#fff') +
        sparkle(s * 0.82, s * 0.78, s * 0.05, '#fff')
      );
    case 'heroi':
      return (
        `<defs>${linearGradient('ic-hero-bg', ['#ff512f', '#dd2476'])}</defs>` +
        `<rect width="${s}" height="${s}" fill="url(#ic-hero-bg)"/>` +
        burst(s / 2, s / 2, s * 0.42, s * 0.3, 14, '#ffd23f') +
        `<path d="M${n(s * 0.3)},${n(s * 0.3)} L${n(s * 0.7)},${n(s * 0.3)} L${n(s * 0.7)},${n(s * 0.5)} Q` +
        `${n(s * 0.7)},${n(s * 0.72)} ${n(s * 0.5)},${n(s * 0.8)} Q${n(s * 0.3)},${n(s * 0.72)} ${n(s * 0.3)},` +
        `${n(s * 0.5)} Z" fill="#1e3a8a" stroke="#fff" stroke-width="${n(s * 0.025)}"/>` +
        bolt(s / 2, s * 0.54, s * 0.36, '#ffd23f')
      );
    case 'oleo':
      return (
        `<defs>${linearGradient('ic-oil-bg', ['#f6d365', '#fda085'])}</defs>` +
        `<rect width="${s}" height="${s}" fill="url(#ic-oil-bg)"/>` +
        `<path d="M${n(s * 0.5)},${n(s * 0.2)} C${n(s * 0.85)},${n(s * 0.18)} ${n(s * 0.92)},${n(s * 0.55)} ` +
        `${n(s * 0.72)},${n(s * 0.62)} C${n(s * 0.6)},${n(s * 0.66)} ${n(s * 0.66)},${n(s * 0.82)} ` +
        `${n(s * 0.5)},${n(s * 0.82)} C${n(s * 0.2)},${n(s * 0.82)} ${n(s * 0.1)},${n(s * 0.6)} ${n(s * 0.14)},` +
        `${n(s * 0.45)} C${n(s * 0.18)},${n(s * 0.28)} ${n(s * 0.32)},${n(s * 0.2)} ${n(s * 0.5)},${n(s * 0.2)}` +
        ` Z" fill="#f3e3c3" stroke="#8d5a2b" stroke-width="${n(s * 0.02)}"/>` +
        `<circle cx="${n(s * 0.62)}" cy="${n(s * 0.7)}" r="${n(s * 0.05)}" fill="#fda085"/>` +
        [
          [0.3, 0.36, '#e63946'],
          [0.46, 0.3, '#ffd23f'],
          [0.62, 0.34, '#2a9d8f'],
          [0.28, 0.56, '#3a86ff'],
          [0.42, 0.66, '#8338ec'],
        ]
          .map(
            ([x, y, c]) => `<circle cx="${n(Number(x) * s)}" cy="${n(Number(y) * s)}" r="${n(s * 0.06)}" fill="${c}"/>`,
          )
          .join('') +
        `<g transform="rotate(40 ${n(s * 0.7)} ${n(s * 0.4)})"><rect x="${n(s * 0.68)}" y="${n(s * 0.05)}" ` +
        `width="${n(s * 0.05)}" height="${n(s * 0.45)}" rx="${n(s * 0.02)}" fill="#8d5a2b"/><rect x="` +
        `${n(s * 0.675)}" y="${n(s * 0.45)}" width="${n(s * 0.06)}" height="${n(s * 0.06)}" ` +
        `fill="#c0c0c0"/><path d="M${n(s * 0.675)},${n(s * 0.51)} L${n(s * 0.735)},${n(s * 0.51)} L` +
        `${n(s * 0.705)},${n(s * 0.62)} Z" fill="#e63946"/></g>`
      );
  }
}

export function mirrorResult(style: MirrorStyle, size = 1024): string {
  switch (style) {
    case 'anime':
      return animePortrait(size);
    case 'heroi':
      return heroPortrait(size);
    case 'oleo':
      return oilPortrait(size);
  }
}
