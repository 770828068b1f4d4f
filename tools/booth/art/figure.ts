/**
 * A stylised party guest seen from the waist up, emoji-like: round head, big smile, a prop.
 * Every size derives from the head radius `u`, so one figure works at any scale.
 */
export type HairStyle = 'curto' | 'longo' | 'cacheado' | 'coque' | 'careca';
export type Prop = 'nenhum' | 'chapeu' | 'oculos' | 'coracao' | 'coroa' | 'laco' | 'bigode';

export interface Figure {
  /** Unique within one SVG document: the hat's gradient needs an id. */
  id: string;
  x: number;
  /** y of the shoulder line; the body runs down to `bottom`. */
  shoulders: number;
  bottom: number;
  u: number;
  skin: string;
  hair: string;
  hairStyle: HairStyle;
  shirt: string;
  prop: Prop;
  /** Left and right arm: 0 hanging down, 1 raised with a peace sign. */
  lift: readonly [number, number];
  /** Rotation about the vertical axis in radians (0 faces the camera): the 360 platform spins. */
  turn?: number;
  /** Tilt of the party hat, in degrees. */
  hatTilt?: number;
  hatColours?: readonly [string, string];
}
