/** The 360 platform's settings (docs/product.md#constants-and-limits). */
export const ULTRA_SPEEDS = [20, 40, 60, 80] as const;
export const DEFAULT_ULTRA_SPEED = 20;

export const ULTRA_SONGS = [
  { id: 'Vem_Tremer', label: 'Vem Tremer' },
  { id: 'Escolinha_do_Professor', label: 'Escolinha do Professor' },
  { id: 'Eu_Fiz_um_Jet', label: 'Eu Fiz um Jet' },
] as const;
export const DEFAULT_ULTRA_SONG = 'Escolinha_do_Professor';

export function isUltraSong(value: string): boolean {
  return ULTRA_SONGS.some((song) => song.id === value);
}
