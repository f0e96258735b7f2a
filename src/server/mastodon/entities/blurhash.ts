import { encode } from 'blurhash';
import { thumbHashToRGBA } from 'thumbhash';

// Apps paint a BlurHash while a picture loads (and over a sensitive one). Realm stores a ThumbHash
// (media/image-placeholder.ts), so the BlurHash is made from it: the ThumbHash's own picture (at most
// 32 px), shrunk to at most `grid` px on its long side, encoded with Mastodon's 4x4 components. Both are
// a few low frequencies of the same picture, so little is lost, every picture already stored has one, and
// nothing new is stored. It costs about 0.3 ms a picture (docs/mastodon-api.md, "Pictures"), so answers are
// kept: a timeline page shows the same pictures again and again.

const grid = 12;
const components = 4;
const remembered = new Map<string, string | null>();
const rememberedMax = 10_000;

/** Averages `rgba` (w x h) down to at most `grid` px on its long side. */
function shrink(rgba: Uint8Array, w: number, h: number) {
  const scale = Math.max(1, Math.max(w, h) / grid);
  const width = Math.max(1, Math.round(w / scale));
  const height = Math.max(1, Math.round(h / scale));
  const out = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [x0, x1] = [Math.floor((x * w) / width), Math.max(Math.floor(((x + 1) * w) / width), 1)];
      const [y0, y1] = [Math.floor((y * h) / height), Math.max(Math.floor(((y + 1) * h) / height), 1)];
      const sum = [0, 0, 0, 0];
      for (let sy = y0; sy < y1; sy++) {
        for (let sx = x0; sx < x1; sx++) {
          for (let c = 0; c < 4; c++) sum[c]! += rgba[(sy * w + sx) * 4 + c]!;
        }
      }
      const n = (x1 - x0) * (y1 - y0);
      for (let c = 0; c < 4; c++) out[(y * width + x) * 4 + c] = sum[c]! / n;
    }
  }
  return { out, width, height };
}

function compute(thumbHash: string): string | null {
  try {
    const { w, h, rgba } = thumbHashToRGBA(Buffer.from(thumbHash, 'base64'));
    const { out, width, height } = shrink(rgba, w, h);
    return encode(out, width, height, components, components);
  } catch {
    return null; // a placeholder that is no ThumbHash: Mastodon's blurhash is nullable
  }
}

/** The BlurHash of a picture whose ThumbHash (base64) is `thumbHash`, or null if it cannot be read. */
export function blurhashOf(thumbHash: string): string | null {
  const known = remembered.get(thumbHash);
  if (known !== undefined) return known;
  const hash = compute(thumbHash);
  // Oldest first out: a Map keeps insertion order.
  if (remembered.size >= rememberedMax) remembered.delete(remembered.keys().next().value!);
  remembered.set(thumbHash, hash);
  return hash;
}
