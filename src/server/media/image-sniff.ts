/** The kinds of picture Realm takes in, named as sharp's metadata names their formats. */
export type ImageKind = 'jpeg' | 'png' | 'webp' | 'gif' | 'heif';

// ISO base media (HEIF) brands: AVIF stills and sequences, Apple's HEIC family, and the generic ones.
const heifBrands = new Set(['avif', 'avis', 'heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

const startsWith = (bytes: Buffer, signature: number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, index) => bytes[at + index] === byte);
const ascii = (bytes: Buffer, from: number, to: number) => bytes.toString('latin1', from, to);

/**
 * What the first bytes say the file is, whatever its name or Content-Type claim: those are chosen by the
 * sender, the bytes are what a decoder will read. Anything not listed here is never handed to a decoder.
 */
export function sniffImageKind(bytes: Buffer): ImageKind | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (ascii(bytes, 4, 8) === 'ftyp') {
    // The box's size (big-endian, first four bytes) bounds the brand list: major brand, version, brands.
    const boxEnd = Math.min(bytes.length, bytes.length >= 4 ? bytes.readUInt32BE(0) : 0);
    const brands = [ascii(bytes, 8, 12)];
    for (let at = 16; at + 4 <= boxEnd; at += 4) brands.push(ascii(bytes, at, at + 4));
    if (brands.some((brand) => heifBrands.has(brand))) return 'heif';
  }
  return undefined;
}

/** An SVG (or any XML that holds one) by its text: refused with its own message, since it can carry script. */
export function looksLikeSvg(bytes: Buffer): boolean {
  const head = bytes
    .toString('utf8', 0, Math.min(bytes.length, 4096))
    .replace(/^\uFEFF/, '')
    .trimStart();
  return head.startsWith('<') && /<svg[\s>]/i.test(head);
}

// Markup that makes a file a web page or a script to a browser or a server that sniffs it. Six bytes or more
// each, so the chance of meeting one by accident in compressed pixels is negligible.
const activeMarkup = /<(script|html|iframe|object|embed|body|svg|\?php)[\s>/]/i;

/**
 * A polyglot: a picture that is also something else, a page with script in a comment, or a ZIP (a JAR,
 * an Office file) appended after the picture's end. Realm re-encodes every picture, so none of it would be
 * stored; refusing it anyway tells the sender, and keeps such files out of logs and caches on the way in.
 */
export function hidesOtherContent(bytes: Buffer): boolean {
  if (activeMarkup.test(bytes.toString('latin1'))) return true;
  return hasZipDirectory(bytes);
}

/**
 * A ZIP is read from its end: its directory's end record (PK 5 6) sits in the last 22 bytes plus its comment.
 * The record only counts when its comment length reaches exactly to the file's end, as a reader needs.
 */
function hasZipDirectory(bytes: Buffer): boolean {
  const earliest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= earliest; at--) {
    if (bytes[at] !== 0x50 || bytes.readUInt32LE(at) !== 0x06054b50) continue;
    if (at + 22 + bytes.readUInt16LE(at + 20) === bytes.length) return true;
  }
  return false;
}
