import sharp from 'sharp';

/**
 * SVG to image files with sharp. Fixed settings: the demo media must come out byte for byte
 * the same on every run, and small enough to live in the repository.
 */
export async function jpeg(svg: string, quality = 75): Promise<Buffer> {
  return sharp(Buffer.from(svg)).flatten({ background: '#ffffff' }).jpeg({ quality, mozjpeg: true }).toBuffer();
}

/** A palette PNG: icons are flat drawings, 128 colours are plenty and the file stays small. */
export async function png(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png({ palette: true, colours: 128, effort: 10, dither: 0.5 }).toBuffer();
}

/** An endlessly looping GIF, one frame per SVG. */
export async function animatedGif(frames: readonly string[], delayMs: number): Promise<Buffer> {
  const pngs = await Promise.all(frames.map((svg) => sharp(Buffer.from(svg)).png().toBuffer()));
  // sharp joins separate images into one animated image (libvips "pages"), which GIF keeps as
  // frames. interFrameMaxError lets unchanged pixels become transparent: a much smaller file.
  return sharp(pngs, { join: { animated: true } })
    .gif({ loop: 0, delay: frames.map(() => delayMs), colours: 64, dither: 0, effort: 10, interFrameMaxError: 6 })
    .toBuffer();
}

/** Raw RGB pixels of one frame, for a video encoder. */
export async function rgbFrame(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
}
