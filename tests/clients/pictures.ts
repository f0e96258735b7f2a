import sharp from 'sharp';

/** A small PNG of one colour, as a phone's picture picker would hand an app a file. */
export async function picture(color: { r: number; g: number; b: number }, name: string) {
  const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: color } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(bytes)], name, { type: 'image/png' });
}
