/**
 * better-sqlite3 finds its compiled addon through the `bindings` package, which cannot look inside a
 * single executable. There the addon is loaded by hand (src/sea/unpack.ts) and handed over here; in a
 * checkout nothing is set and better-sqlite3 finds it in node_modules as usual.
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
