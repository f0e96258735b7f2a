// Builds Realm as a single executable (a Node SEA): one file per platform in release/ holding Node 24, the
// server, the built client, the migrations, the seed pictures and SQLite's addon, so a server needs no Node.
//
//   npm run package    release/realm-<version>-linux-x64 and SHA256SUMS; also -linux-arm64 when Debian's
//                      g++-aarch64-linux-gnu is installed, smoke-tested under qemu-aarch64 (qemu-user).
//
// Runs on Linux x64 with the checkout's Node (20). Node 24 downloads and compiled addons are kept in
// .cache/, so only the first run compiles SQLite (about two minutes a platform, both at once).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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
const targets = {
  x64: {
    integrity:
      'sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==',
    prefix: '',
    emulator: [],
  },
  arm64: {
    integrity:
      'sha512-FpJRPEz2OvvTLfjIOlNGFY9JLPMKgl5m+d4oGYBLg24kJ1mmvN1Zl/HPJgF4HDaJ51ISev1l1cRZ/DM+keXW5g==',
    prefix: 'aarch64-linux-gnu-',
    // Debian's cross toolchain ships arm64's C library here; Node 24 for arm64 needs it to run.
    emulator: ['qemu-aarch64', '-L', '/usr/aarch64-linux-gnu'],
  },
};

const onPath = (command) =>
  (process.env.PATH ?? '')
    .split(delimiter)
    .map((dir) => join(dir, command))
    .find((path) => path.startsWith('/') && existsSync(path));
/** Whether this machine can run the platform's programs (arm64's only under qemu). */
const canRun = (arch) => targets[arch].emulator.length === 0 || Boolean(onPath(targets[arch].emulator[0]));
const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const mb = (file) => `${(statSync(file).size / 1e6).toFixed(1)} MB`;

/** Runs a program; fails with its command line and the end of its output (all of it in `log`). */
function run(command, args, { log, env = process.env, cwd = root } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
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

/** Node 24's binary and headers (bin/node, include/node), checked against the pinned integrity. */
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
    const members = ['package/bin/node', 'package/include/node'];
    await run('tar', ['-xzf', tarball, '-C', folder, '--strip-components=1', ...members]);
    rmSync(tarball);
  });
}

/** npm's own node-gyp (npm exports its path to scripts; otherwise it sits beside npm's global folder). */
async function nodeGyp() {
  if (process.env.npm_config_node_gyp) return process.env.npm_config_node_gyp;
  const globalRoot = (await run('npm', ['root', '-g'])).trim().split('\n').at(-1);
  return join(globalRoot, 'npm/node_modules/node-gyp/bin/node-gyp.js');
}

/** better-sqlite3's addon compiled against Node 24's headers (node_modules holds Node 20's). */
function addonFor(arch, nodeDir, gyp) {
  const name = `better-sqlite3-${sqliteVersion}-node-v${nodeVersion}-linux-${arch}.node`;
  return cached(join(cache, name), async (file) => {
    const source = at('node_modules/better-sqlite3');
    const scratch = join(cache, `build-better-sqlite3-${arch}`);
    rmSync(scratch, { recursive: true, force: true });
    cpSync(source, scratch, { recursive: true, filter: (path) => path !== join(source, 'build') });
    // ~/.npmrc's nodedir=/usr reaches node-gyp as npm_config_nodedir; the headers wanted are Node 24's.
    const { npm_config_nodedir: _ignored, ...env } = process.env;
    env.CXXFLAGS = `-include ${objectWrapWithoutHooks(nodeDir, scratch)}`;
    const { prefix } = targets[arch];
    const tools = { CC: 'gcc', CXX: 'g++', LINK: 'g++', AR: 'ar' };
    if (prefix) for (const [name, tool] of Object.entries(tools)) env[name] = prefix + tool;
    const args = [
      'rebuild',
      `--nodedir=${nodeDir}`,
      '--release',
      `--arch=${arch}`,
      `--jobs=${availableParallelism()}`,
    ];
    const log = join(cache, `node-gyp-${arch}.log`);
    await run(process.execPath, [gyp, ...args], { cwd: scratch, env, log });
    await run(`${prefix}strip`, [
      '--strip-unneeded',
      '-o',
      file,
      join(scratch, 'build/Release/better_sqlite3.node'),
    ]);
    rmSync(scratch, { recursive: true, force: true });
  });
}

/**
 * Node 24.19 made node::ObjectWrap (all inline, in its header) add an environment cleanup hook, and its
 * destructor remove it with a CHECK for a current environment. V8 finalizes better-sqlite3 12's statements
 * (ObjectWrap subclasses) in GCs where there is none, and the process aborts: "Assertion failed: (env) !=
 * nullptr", 13 of 15 first starts here (nodejs/node#65446, open; better-sqlite3 13 left ObjectWrap but
 * needs Node 22). The abort follows the headers an addon is compiled with, not the Node that runs it, so
 * the addon gets the class as it was in 24.18 (no hook), force-included ahead of Node's own header.
 */
function objectWrapWithoutHooks(nodeDir, scratch) {
  const header = readFileSync(join(nodeDir, 'include/node/node_object_wrap.h'), 'utf8');
  const file = join(scratch, 'node_object_wrap_without_hooks.h');
  writeFileSync(file, header.replace(/^ *(Add|Remove)CleanupHook\(\);\n/gm, ''));
  return file;
}

/** Every file the binary unpacks, keyed by its path in the project, and the build id that names them. */
function assetsWith(addon) {
  const assets = {};
  for (const folder of ['migrations', 'dist/client', 'seed/pictures']) {
    for (const entry of readdirSync(at(folder), { recursive: true })) {
      if (statSync(at(folder, entry)).isFile()) assets[`${folder}/${entry}`] = at(folder, entry);
    }
  }
  assets['better_sqlite3.node'] = addon;
  const hash = createHash('sha256');
  for (const key of Object.keys(assets).sort()) hash.update(`${key}\0`).update(readFileSync(assets[key]));
  return { assets, buildId: `${version}-${hash.digest('hex').slice(0, 12)}` };
}

/**
 * The SEA blob, made by the Node that will run it: its code cache is V8's compiled main script, valid
 * only for the same V8 on the same CPU, so arm64's is made under qemu. Without qemu, arm64 gets no cache.
 */
async function blobFor(arch, nodes, addon) {
  const work = join(cache, `sea-linux-${arch}`);
  mkdirSync(work, { recursive: true });
  const { assets, buildId } = assetsWith(addon);
  writeFileSync(join(work, 'sea-manifest.json'), JSON.stringify({ buildId }));
  const native = canRun(arch);
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

/** Node 24 without its debug symbols, with the blob injected: release/realm-<version>-linux-<arch>. */
async function binaryFor(arch, node, blob) {
  const binary = join(release, `realm-${version}-linux-${arch}`);
  const partial = join(release, `.realm-linux-${arch}.partial`);
  await run(`${targets[arch].prefix}strip`, ['-o', partial, node]);
  const postject = at('node_modules/postject/dist/cli.js');
  await run(process.execPath, [postject, partial, 'NODE_SEA_BLOB', blob, '--sentinel-fuse', fuse]);
  chmodSync(partial, 0o755);
  renameSync(partial, binary);
  return binary;
}

/** `version`, then `serve` in an empty folder until /healthz answers 200 (arm64 under qemu). */
async function smokeTest(arch, binary) {
  // Found on this PATH: the server below runs with none.
  const [emulator, ...emulatorArgs] = targets[arch].emulator;
  const command = emulator ? [onPath(emulator), ...emulatorArgs, binary] : [binary];
  const said = await run(command[0], [...command.slice(1), 'version']);
  if (!said.includes(`realm ${version} (node v${nodeVersion})`))
    throw new Error(`${binary} version said: ${said}`);
  const folder = mkdtempSync(join(tmpdir(), 'realm-package-'));
  // No node on PATH: the binary must need none.
  const env = { PATH: '/nonexistent', LOG_LEVEL: 'info' };
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
  const arches = ['x64', ...(onPath('aarch64-linux-gnu-g++') ? ['arm64'] : [])];
  if (arches.length === 1)
    console.log('arm64 skipped: no aarch64-linux-gnu-g++ (apt-get install g++-aarch64-linux-gnu)');
  mkdirSync(cache, { recursive: true });
  rmSync(release, { recursive: true, force: true });
  mkdirSync(release);

  let since = performance.now();
  await run(process.execPath, [at('scripts/build.mjs'), '--sea']);
  console.log(`built the client and dist/sea/realm.cjs in ${seconds(since)}`);

  // The two platforms' downloads and compilations run side by side (the compilers use one core each).
  since = performance.now();
  const gyp = await nodeGyp();
  const nodes = {};
  const addons = {};
  await Promise.all(
    arches.map(async (arch) => {
      nodes[arch] = join(await nodeFor(arch), 'bin/node');
      addons[arch] = await addonFor(arch, dirname(dirname(nodes[arch])), gyp);
    }),
  );
  console.log(`Node ${nodeVersion} and better-sqlite3 ${sqliteVersion}'s addon ready in ${seconds(since)}`);

  const sums = [];
  for (const arch of arches) {
    since = performance.now();
    const { blob, buildId, codeCache } = await blobFor(arch, nodes, addons[arch]);
    const binary = await binaryFor(arch, nodes[arch], blob);
    const built = seconds(since);
    const tested = canRun(arch);
    if (tested) await smokeTest(arch, binary);
    else console.log(`${arch} not smoke-tested: no ${targets[arch].emulator[0]} (apt-get install qemu-user)`);
    const hash = createHash('sha256').update(readFileSync(binary)).digest('hex');
    sums.push(`${hash}  ${binary.slice(release.length + 1)}\n`);
    console.log(
      `${binary.slice(root.length)}: ${mb(binary)} (Node ${mb(nodes[arch])} before strip), build ${buildId}, ` +
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
