import cluster from 'node:cluster';
import { runCli } from '../cli/main.js';
import { setUnpacker } from '../server/paths.js';
import { unpackEmbedded } from './unpack.js';

// The single executable's main script (scripts/package.mjs bundles it). Its files are unpacked into the
// data folder, which the command names, so the CLI calls the unpacker once it knows the folder.
setUnpacker(unpackEmbedded);

// Node puts the binary's own path at argv[1], where a script would be, so `realm serve --port 1` gives
// ['serve', '--port', '1'] from 2 on, as in the checkout. cluster.fork() (REALM_WORKERS) starts workers as
// `<binary> <script> ...args`; the binary takes no script, so a worker finds the script as its first
// argument ("unknown command /path/to/realm") and skips it.
if (cluster.isPrimary) cluster.setupPrimary({ exec: process.execPath });
const args = process.argv.slice(cluster.isWorker ? 3 : 2);

void runCli(args).then((code) => {
  process.exitCode = code;
});
