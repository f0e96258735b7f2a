import packageJson from '../../package.json' with { type: 'json' };

/** Realm's version, from package.json (the bundles carry it inlined). */
export const version: string = packageJson.version;
