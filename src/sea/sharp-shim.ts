import type sharpModule from 'sharp';

type Sharp = typeof sharpModule;

/**
 * What `sharp` is in the single executable (scripts/build.mjs maps the name here). There, require() loads
 * only Node's built-in modules, and sharp's addon and libvips must first be written out as files: this
 * stand-in loads the real sharp on its first use, through the loader src/sea/unpack.ts hands over once it
 * knows the data folder (src/sea/sharp-loader.ts). Nothing touches it at start, so an instance that never
 * receives a picture never unpacks the library (about 20 MB). In a checkout `sharp` is sharp itself.
 */
let loader: (() => Sharp) | undefined;
let loaded: Sharp | undefined;

export function useSharpLoader(load: () => Sharp): void {
  loader = load;
}

/** The real sharp, loaded once. A failure is thrown to the caller and the next use tries again. */
function real(): Sharp {
  if (loaded) return loaded;
  if (!loader) throw new Error('the image library is used before the data folder is known');
  loaded = loader();
  return loaded;
}

// A function target, so that the stand-in can be called as sharp is: sharp(bytes, options).
const target = function sharp() {} as unknown as Sharp;
const standIn = new Proxy(target, {
  apply: (_target, self, args: unknown[]) => Reflect.apply(real(), self, args),
  construct: (_target, args: unknown[]) => Reflect.construct(real(), args) as object,
  get: (_target, key) => Reflect.get(real(), key),
  has: (_target, key) => Reflect.has(real(), key),
});

export default standIn;
