// Builds Realm as a single executable (a Node SEA): one file per platform in release/ holding Node 24, the
// server, the built client, the migrations, the seed pictures, SQLite's addon and the image library (sharp,
// with libvips), so a server needs no Node (docs/decisions/0001-one-program-one-file.md).
//
//   npm run package    release/realm-<version>-linux-x64, -linux-arm64 and SHA256SUMS. arm64 is
//                      smoke-tested (and gets V8's code cache) only under qemu-aarch64: Debian's qemu-user,
//                      with arm64's C and C++ libraries from libc6-arm64-cross and libstdc++6-arm64-cross.
//
// Runs on Linux x64 with the checkout's Node (22 or newer) and compiles nothing: each binary carries the
// addon better-sqlite3 ships prebuilt for its platform (node_modules/better-sqlite3/prebuilds/, Node-API,
// so one addon fits every Node), and sharp's prebuilt addon and libvips for its platform (package-sharp.mjs;
// arm64's are fetched from npm). Node 24's downloads and arm64's sharp packages are kept in .cache/.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sharpFilesFor, smokeUpload } from './package-sharp.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const at = (...parts) => join(root, ...parts);
const cache = at('.cache');
const release = at('release');
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

const version = readJson(at('package.json')).version;
const sqliteVersion = readJson(at('node_modules/better-sqlite3/package.json')).version;
const nodeVersion = '24.21.0';
// Node's SEA documentation names this fuse; the binary looks for it to know a blob was injected.
const fuse = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

// npm's node-linux-<arch> packages hold the official builds; pinned by `npm view ... dist.integrity`.
// `machine` is the platform's ELF machine number, checked on the addon taken; `strippers`, the tools tried in
// turn to strip Node.
const targets = {
  x64: {
    integrity:
      'sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==',
    machine: 62,
    strippers: ['strip', 'llvm-strip'],
    emulator: [],
  },
  arm64: {
    integrity:
      'sha512-FpJRPEz2OvvTLfjIOlNGFY9JLPMKgl5m+d4oGYBLg24kJ1mmvN1Zl/HPJgF4HDaJ51ISev1l1cRZ/DM+keXW5g==',
    machine: 183,
    // Debian's binutils strip knows no arm64 (told `-F elf64-little`, it writes a Node that qemu refuses to
    // load); llvm-strip, from Debian's llvm, knows every platform; aarch64-linux-gnu-strip is binutils' own
    // for arm64 (Debian's binutils-aarch64-linux-gnu).
    strippers: ['llvm-strip', 'aarch64-linux-gnu-strip'],
    // Node 24 for arm64 is linked against glibc, libstdc++ and libgcc_s: Debian's libstdc++6-arm64-cross
    // (which brings libc6-arm64-cross and libgcc-s1-arm64-cross) puts arm64's copies in
    // /usr/aarch64-linux-gnu/lib, and -L has qemu look for the program's /lib there.
    emulator: ['qemu-aarch64', '-L', '/usr/aarch64-linux-gnu'],
    needs: ['/usr/aarch64-linux-gnu/lib/libstdc++.so.6'],
    install: 'apt-get install qemu-user libc6-arm64-cross libstdc++6-arm64-cross',
  },
};

const onPath = (command) =>
  (process.env.PATH ?? '')
    .split(delimiter)
    .map((dir) => join(dir, command))
    .find((path) => path.startsWith('/') && existsSync(path));
/** Whether this machine can run the platform's programs (arm64's only under qemu, with arm64's libraries). */
const canRun = ({ emulator, needs = [] }) =>
  emulator.length === 0 || (Boolean(onPath(emulator[0])) && needs.every((file) => existsSync(file)));
const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const mb = (file) => `${(statSync(file).size / 1e6).toFixed(1)} MB`;

/** Runs a program; fails with its command line and the end of its output (all of it in `log`). */
function run(command, args, { log, env = process.env, cwd = root, input } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: [input ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
    child.stdin?.end(input);
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => reject(new Error(`${command}: ${error.message}`)));
    child.on('close', (code, signal) => {
      if (log) writeFileSync(log, output);
      if (code === 0) return resolve(output);
      const tail = output.trimEnd().split('\n').slice(-15).join('\n');
      const where = log ? ` (whole output in ${log})` : '';
      reject(
        new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})${where}:\n${tail}`),
      );
    });
  });
}

/** Makes `path` once: `fill` writes a scratch path renamed into place when done, so a failure caches nothing. */
async function cached(path, fill) {
  if (existsSync(path)) return path;
  const partial = `${path}.partial`;
  rmSync(partial, { recursive: true, force: true });
  await fill(partial);
  renameSync(partial, path);
  return path;
}

/** Node 24's binary (bin/node), checked against the pinned integrity. */
function nodeFor(arch) {
  return cached(join(cache, `node-v${nodeVersion}-linux-${arch}`), async (folder) => {
    const log = join(cache, `npm-pack-${arch}.log`);
    await run('npm', ['pack', `node-linux-${arch}@${nodeVersion}`, '--pack-destination', cache], { log });
    const tarball = join(cache, `node-linux-${arch}-${nodeVersion}.tgz`);
    const integrity = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
    if (integrity !== targets[arch].integrity) {
      throw new Error(`${tarball} has integrity ${integrity}, not the pinned ${targets[arch].integrity}`);
    }
    mkdirSync(folder);
    await run('tar', ['-xzf', tarball, '-C', folder, '--strip-components=1', 'package/bin/node']);
    rmSync(tarball);
  });
}

/**
 * The addon better-sqlite3 ships prebuilt for linux-<arch>, as published. It is built against Node-API,
 * not one Node's headers, so the same file loads in the checkout's Node and in the binary's Node 24. It
 * needs glibc 2.34 and GCC 11's libstdc++ or newer (Debian 12, Ubuntu 22.04, RHEL 9), where Node 24
 * alone needs glibc 2.28: those are the binary's too.
 */
function addonFor(arch) {
  const file = at(`node_modules/better-sqlite3/prebuilds/linux-${arch}.node`);
  if (!existsSync(file)) throw new Error(`better-sqlite3 ${sqliteVersion} ships no ${file}`);
  // e_machine, two bytes little-endian at offset 18 of an ELF file.
  const machine = readFileSync(file).readUInt16LE(18);
  if (machine !== targets[arch].machine) {
    throw new Error(`${file} is for ELF machine ${machine}, not linux-${arch}'s ${targets[arch].machine}`);
  }
  return file;
}

/**
 * Every file the binary unpacks, keyed by its path in the project (sharp's under sharp/node_modules/), and
 * the build id that names them.
 */
function assetsWith(addon, sharpFiles) {
  const assets = {};
  for (const folder of ['migrations', 'dist/client', 'seed/pictures']) {
    for (const entry of readdirSync(at(folder), { recursive: true })) {
      if (statSync(at(folder, entry)).isFile()) assets[`${folder}/${entry}`] = at(folder, entry);
    }
  }
  assets['better_sqlite3.node'] = addon;
  Object.assign(assets, sharpFiles);
  const hash = createHash('sha256');
  for (const key of Object.keys(assets).sort()) hash.update(`${key}\0`).update(readFileSync(assets[key]));
  return { assets, buildId: `${version}-${hash.digest('hex').slice(0, 12)}` };
}

/**
 * The SEA blob, made by the Node that will run it: its code cache is V8's compiled main script, valid
 * only for the same V8 on the same CPU, so arm64's is made under qemu. Where arm64's Node cannot run
 * (no qemu or no arm64 libraries), Node 24 for x64 makes arm64's blob, without a cache.
 */
async function blobFor(arch, nodes, addon, sharpFiles) {
  const work = join(cache, `sea-linux-${arch}`);
  mkdirSync(work, { recursive: true });
  const { assets, buildId } = assetsWith(addon, sharpFiles);
  writeFileSync(join(work, 'sea-manifest.json'), JSON.stringify({ buildId }));
  const native = canRun(targets[arch]);
  const config = {
    main: at('dist/sea/realm.cjs'),
    output: join(work, 'sea-prep.blob'),
    disableExperimentalSEAWarning: true,
    useSnapshot: false,
    useCodeCache: native,
    assets: { ...assets, 'sea-manifest.json': join(work, 'sea-manifest.json') },
  };
  writeFileSync(join(work, 'sea-config.json'), JSON.stringify(config, null, 2));
  const [command, ...args] = native ? [...targets[arch].emulator, nodes[arch]] : [nodes.x64];
  await run(command, [...args, '--experimental-sea-config', join(work, 'sea-config.json')]);
  return { blob: config.output, buildId, codeCache: native };
}

/**
 * Node 24 without its symbols (about 20 MB less), with the blob injected:
 * release/realm-<version>-linux-<arch>. Without a strip tool for the platform, Node goes in whole.
 */
async function binaryFor(arch, node, blob) {
  const binary = join(release, `realm-${version}-linux-${arch}`);
  const partial = join(release, `.realm-linux-${arch}.partial`);
  const strip = targets[arch].strippers.find((tool) => onPath(tool));
  if (strip) await run(strip, ['-o', partial, node]);
  else copyFileSync(node, partial);
  const postject = at('node_modules/postject/dist/cli.js');
  await run(process.execPath, [postject, partial, 'NODE_SEA_BLOB', blob, '--sentinel-fuse', fuse]);
  chmodSync(partial, 0o755);
  renameSync(partial, binary);
  return { binary, strip };
}

/**
 * `version`, then `serve` in an empty folder until /healthz answers 200 (arm64 under qemu), and a member
 * made with `admin create-user` uploads a JPEG that comes back as WebP.
 */
async function smokeTest(arch, binary) {
  // Found on this PATH: the server below runs with none.
  const [emulator, ...emulatorArgs] = targets[arch].emulator;
  const command = emulator ? [onPath(emulator), ...emulatorArgs, binary] : [binary];
  const said = await run(command[0], [...command.slice(1), 'version']);
  if (!said.includes(`realm ${version} (node v${nodeVersion})`))
    throw new Error(`${binary} version said: ${said}`);
  const folder = mkdtempSync(join(tmpdir(), 'realm-package-'));
  // No node on PATH: the binary must need none. qemu-user cannot start a foreign binary again in place (execve
  // gives ENOEXEC and Node aborts), as the server does for its heap's limits (src/server/memory-budget.ts):
  // emulated, the heap is chosen already, which the server takes as it is. A real arm64 machine runs it natively.
  const env = {
    PATH: '/nonexistent',
    LOG_LEVEL: 'info',
    ...(emulator && { NODE_OPTIONS: '--max-semi-space-size=32 --max-old-space-size=128' }),
  };
  const member = { username: 'smoke', password: 'a smoke test of the pictures' };
  const createUser = ['admin', 'create-user', member.username, '--password-stdin'];
  await run(command[0], [...command.slice(1), ...createUser], { cwd: folder, env, input: member.password });
  const child = spawn(command[0], [...command.slice(1), 'serve', '--port', '0'], { cwd: folder, env });
  const closed = new Promise((resolve) => child.once('close', resolve).once('error', resolve));
  let output = '';
  let code;
  try {
    const url = await new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${binary} did not listen in 60 s:\n${output}`)),
        60_000,
      );
      const onData = (chunk) => {
        output += chunk;
        const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (!match) return;
        clearTimeout(timer);
        resolve(match[1]);
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.on('error', reject);
      child.on('exit', (code) => reject(new Error(`${binary} serve exited with ${code}:\n${output}`)));
    });
    const response = await fetch(`${url}/healthz`);
    if (response.status !== 200) throw new Error(`${binary}: GET /healthz gave ${response.status}`);
    await smokeUpload(url, member, join(folder, 'data/runtime'), arch, targets[arch].machine);
  } finally {
    child.kill('SIGTERM');
    code = await closed;
    rmSync(folder, { recursive: true, force: true });
  }
  // An abort at shutdown (a native addon's finalizer, say) shows here and nowhere else.
  if (code !== 0) throw new Error(`${binary} serve exited with ${code} on SIGTERM:\n${output}`);
}

async function main() {
  if (process.platform !== 'linux' || process.arch !== 'x64') throw new Error('packaging runs on Linux x64');
  const started = performance.now();
  const arches = Object.keys(targets);
  mkdirSync(cache, { recursive: true });
  rmSync(release, { recursive: true, force: true });
  mkdirSync(release);

  let since = performance.now();
  await run(process.execPath, [at('scripts/build.mjs'), '--sea']);
  console.log(`built the client and dist/sea/realm.cjs in ${seconds(since)}`);

  since = performance.now();
  const nodes = {};
  await Promise.all(arches.map(async (arch) => (nodes[arch] = join(await nodeFor(arch), 'bin/node'))));
  console.log(`Node ${nodeVersion} ready in ${seconds(since)}`);

  const sums = [];
  for (const arch of arches) {
    since = performance.now();
    const sharp = await sharpFilesFor(arch, targets[arch].machine, { cache, cached, run });
    const { blob, buildId, codeCache } = await blobFor(arch, nodes, addonFor(arch), sharp.files);
    const { binary, strip } = await binaryFor(arch, nodes[arch], blob);
    const built = seconds(since);
    const tested = canRun(targets[arch]);
    if (tested) await smokeTest(arch, binary);
    else console.log(`${arch} not smoke-tested: it runs here only under qemu (${targets[arch].install})`);
    const hash = createHash('sha256').update(readFileSync(binary)).digest('hex');
    sums.push(`${hash}  ${binary.slice(release.length + 1)}\n`);
    const stripped = strip
      ? `Node ${mb(nodes[arch])} before ${strip}`
      : `Node not stripped: no ${targets[arch].strippers.join(' nor ')}`;
    console.log(
      `${binary.slice(root.length)}: ${mb(binary)} (${stripped}, sharp ${(sharp.bytes / 1e6).toFixed(1)} MB), ` +
        `build ${buildId}, ` +
        `code cache ${codeCache ? 'on' : 'off'}, built in ${built}${tested ? ', smoke test passed' : ''}`,
    );
  }
  writeFileSync(join(release, 'SHA256SUMS'), sums.join(''));
  console.log(`release/SHA256SUMS written; packaged in ${seconds(started)}`);
}

main().catch((error) => {
  console.error(`package: failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
