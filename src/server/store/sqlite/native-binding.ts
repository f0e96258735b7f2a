/**
 * better-sqlite3 require()s its addon from its own folder in node_modules (prebuilds/<platform>.node, or
 * build/ when one was compiled). A single executable has no such folder, and its require() loads only
 * Node's built-in modules: there the addon, the same prebuilt file, is unpacked and loaded by hand
 * (src/sea/unpack.ts) and the loaded addon is handed over here. In a checkout nothing is set and
 * better-sqlite3 finds its addon as usual.
 */
let binding: object | undefined;

export function useNativeBinding(addon: object): void {
  binding = addon;
}

/** The options that make `new Database()` use the addon handed over, if any. */
export function nativeBindingOption(): { nativeBinding?: string } {
  // @types/better-sqlite3 only knows the path form; better-sqlite3 accepts the loaded addon object too.
  return binding ? { nativeBinding: binding as unknown as string } : {};
}
