import { build } from 'vite';

/** The browser tests run against a fresh production build of the client. */
export default async function setup() {
  await build({ logLevel: 'warn' });
}
