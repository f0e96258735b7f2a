import { createRequire } from 'node:module';
import { isSea } from 'node:sea';
import { Worker } from 'node:worker_threads';
import { ImageRefused } from './image-errors.js';

/** An HEVC-coded HEIF picture decoded to pixels: RGBA, 8 bits a channel, already turned upright. */
export interface DecodedHeic {
  width: number;
  height: number;
  /** width x height x 4 bytes. */
  data: Buffer;
  /** Every pixel's alpha is 255: the caller drops the alpha channel rather than store a useless one. */
  opaque: boolean;
}

export interface HeicDecodeOptions {
  maxPixels: number;
  /** Date.now() by which the decode must be done; the worker is terminated then. */
  deadline: number;
  /** The worker's V8 heap, in MB: the wasm decoder's own memory is bounded by the pixel check instead. */
  heapMb?: number;
}

let unpackedPath: string | undefined;

/**
 * The single executable unpacks heic-decode with sharp's tree on the first upload (src/sea/sharp-loader.ts)
 * and says where, before any HEIC is decoded: sharp is loaded first, for the file's header.
 */
export function useHeicDecodeAt(modulePath: string): void {
  unpackedPath = modulePath;
}

/**
 * Where heic-decode lives, resolved in the main thread: in the checkout build (one esbuild bundle) no
 * worker file exists, so the worker is a code string that loads it by this absolute path. In the single
 * executable, the unpacked copy or nothing: undefined then, and a HEIC is refused with the advice to send a
 * JPEG.
 */
function heicDecodePath(): string | undefined {
  // Asked from a binary, the lookup would walk up from the binary's folder and might find a checkout's
  // node_modules: whether HEIC works must not depend on where the binary was put.
  if (isSea()) return unpackedPath;
  try {
    return createRequire(import.meta.url).resolve('heic-decode');
  } catch {
    return undefined;
  }
}

// The worker: reads the HEIF's boxes, refuses a picture over the pixel limit from its declared size before
// any pixel is decoded, then decodes the first (primary) picture. libheif applies the file's rotation and
// mirroring (irot, imir) while decoding, so the pixels come out upright. Plain CommonJS, run by `eval`.
const workerCode = `
const { parentPort, workerData } = require('node:worker_threads');
const heicDecode = require(workerData.modulePath);
(async () => {
  const images = await heicDecode.all({ buffer: workerData.bytes });
  try {
    const first = images[0];
    if (first.width * first.height > workerData.maxPixels) {
      parentPort.postMessage({ refused: 'too-many-pixels' });
      return;
    }
    const { width, height, data } = await first.decode();
    let opaque = true;
    for (let at = 3; at < data.length; at += 4) if (data[at] !== 255) { opaque = false; break; }
    parentPort.postMessage({ width, height, data, opaque }, [data.buffer]);
  } finally {
    images.dispose();
  }
})().catch((error) => parentPort.postMessage({ failed: String((error && error.message) || error) }));
`;

interface WorkerAnswer {
  refused?: 'too-many-pixels';
  failed?: string;
  width?: number;
  height?: number;
  data?: Uint8ClampedArray;
  opaque?: boolean;
}

/**
 * Decodes an HEVC HEIC in a worker thread, so the wasm decoder (seconds of CPU for a 12 MP photo) never
 * blocks the event loop. The worker is bounded in time (terminated at the deadline) and in heap; a fresh
 * one per picture, so nothing a damaged file leaves behind in the decoder outlives it.
 */
export async function decodeHeic(bytes: Buffer, options: HeicDecodeOptions): Promise<DecodedHeic> {
  const modulePath = heicDecodePath();
  if (!modulePath) throw new ImageRefused('heic-unsupported');
  const left = options.deadline - Date.now();
  if (left <= 0) throw new ImageRefused('too-slow');
  const heapMb = options.heapMb ?? 256;
  const worker = new Worker(workerCode, {
    eval: true,
    workerData: { modulePath, bytes, maxPixels: options.maxPixels },
    resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 32 },
    // The server's environment (storage secrets among it) is none of the decoder's business.
    env: {},
    stdout: true,
    stderr: true,
  });
  return await new Promise<DecodedHeic>((resolve, reject) => {
    const timer = setTimeout(() => finish(new ImageRefused('too-slow')), left);
    const finish = (outcome: DecodedHeic | Error) => {
      clearTimeout(timer);
      void worker.terminate();
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    worker.once('message', (answer: WorkerAnswer) => {
      if (answer.refused)
        return finish(new ImageRefused('too-many-pixels', Math.floor(options.maxPixels / 1e6)));
      if (answer.failed || !answer.data || !answer.width || !answer.height) {
        return finish(new ImageRefused('damaged'));
      }
      const data = Buffer.from(answer.data.buffer, answer.data.byteOffset, answer.data.byteLength);
      finish({ width: answer.width, height: answer.height, data, opaque: answer.opaque === true });
    });
    // Out of memory (resourceLimits) or a crash in the decoder: the file could not be read.
    worker.once('error', () => finish(new ImageRefused('damaged')));
    worker.once('exit', () => finish(new ImageRefused('damaged')));
  });
}
