import { emblem, type Emblem } from './emblems';
import { partyScene, PALETTES, type PaletteName } from './partyScene';
import { FONT_SANS, FONT_SERIF, esc, linearGradient, n, shadowText, sparkle } from './svg';

/** The profile picture and the cover of an event's page. */
export interface EventTheme {
  id: string;
  palette: PaletteName;
  emblem: Emblem;
  title: string;
  subtitle: string;
  seed: number;
}

/** Square, meant to be shown in a circle: the emblem in the middle, nothing near the corners. */
export function eventProfile(theme: EventTheme, size = 400): string {
  const palette = PALETTES[theme.palette];
  const id = `${theme.id}-profile`;
  return (
    `<defs>${linearGradient(`${id}-bg`, [palette.sky[1], palette.sky[2]])}</defs>` +
    `<rect width="${size}" height="${size}" fill="url(#${id}-bg)"/>` +
    `<circle cx="${size / 2}" cy="${size / 2}" r="${n(size * 0.36)}" fill="#fff" fill-opacity="0.14"/>` +
    `<circle cx="${size / 2}" cy="${size / 2}" r="${n(size * 0.36)}" fill="none" stroke="#fff" ` +
    `stroke-opacity="0.6" stroke-width="${n(size * 0.012)}" stroke-dasharray="${n(size * 0.02)} ` +
    `${n(size * 0.025)}"/>` +
    emblem(theme.emblem, size / 2, size * 0.48, size * 0.55, id) +
    sparkle(size * 0.24, size * 0.26, size * 0.04, '#fff', 0.9) +
    sparkle(size * 0.77, size * 0.7, size * 0.05, palette.accents[0], 0.9)
  );
}

/** Wide banner: the party backdrop without guests, and the event's name. */
export function eventCover(theme: EventTheme, width = 1200, height = 500): string {
  const palette = PALETTES[theme.palette];
  const titleSize = Math.round(height * 0.2);
  return (
    partyScene({
      width,
      height,
      seed: theme.seed,
      palette: theme.palette,
      people: 0,
      discoBall: false,
      id: `${theme.id}-cover`,
    }) +
    emblem(theme.emblem, width * 0.5, height * 0.3, height * 0.3, `${theme.id}-cover-emblem`) +
    shadowText(
      width / 2,
      height * 0.7,
      theme.title,
      `text-anchor="middle" font-family="${FONT_SERIF}" font-weight="bold" font-style="italic" font-size="` +
        `${titleSize}"`,
      '#fff',
      4,
    ) +
    `<text x="${n(width / 2)}" y="${n(height * 0.7 + titleSize * 0.7)}" text-anchor="middle" font-family="` +
    `${FONT_SANS}" font-size="${n(height * 0.065)}" letter-spacing="6" fill="${palette.accents[0]}">` +
    `${esc(theme.subtitle)}</text>`
  );
}
