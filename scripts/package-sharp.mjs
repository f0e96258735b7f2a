// The image library the single executable carries (scripts/package.mjs): sharp's JavaScript, its addon and
// libvips for one platform, as a small node_modules/ tree. The addon finds libvips through its RPATH,
// $ORIGIN/../../sharp-libvips-linux-<arch>/lib, so the tree keeps npm's layout; the binary unpacks it on the
// first upload and loads sharp from it with an ordinary require (src/sea/sharp-loader.ts).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const at = (...parts) => join(root, ...parts);
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** Where each file goes in the binary: its asset key starts with this, then node_modules/<package>/... */
export const sharpPrefix = 'sharp/';

// What sharp needs at run time, and its licences (libvips' README lists the licences of what it bundles).
// Types, ES module copies, C++ sources, headers and command-line tools are left out.
// Of libheif-js, only what heic-decode loads (wasm-bundle.js and the bundle with the wasm inside) and the
// licences: its asm.js build and the separate .wasm are 4.5 MB more.
const kept = (file) =>
  (/^(package|versions)\.json$|^LICEN[CS]E|\.(c?js|node)$|\.so(\.\d+)+$/.test(file.split('/').pop()) &&
    (!file.startsWith('libheif-js/') ||
      /^libheif-js\/(package\.json|LICENSE|wasm-bundle\.js|libheif-wasm\/(libheif-bundle\.js|LICENSE))$/.test(
        file,
      ))) ||
  /^@img\/sharp-libvips-linux-[^/]+\/README\.md$/.test(file);
const skippedFolders = /(^|\/)(bin|src|install|include|node_modules)(\/|$)/;

/** A package's files, relative to its folder, that `kept` keeps. */
function filesOf(folder, name) {
  return readdirSync(folder, { recursive: true })
    .map(String)
    .filter((entry) => !skippedFolders.test(entry) && statSync(join(folder, entry)).isFile())
    .filter((entry) => kept(`${name}/${entry}`));
}

/**
 * A platform package of sharp's that npm did not install here (arm64's, on this x64 machine): fetched with
 * `npm pack` and checked against the integrity package-lock.json pins for it, unpacked once into .cache/.
 */
function fetchedPackage(name, version, { cache, cached, run }) {
  const locked = readJson(at('package-lock.json')).packages[`node_modules/${name}`];
  if (locked?.version !== version || !locked.integrity?.startsWith('sha512-')) {
    throw new Error(`package-lock.json pins no sha512 integrity for ${name}@${version}: run npm install`);
  }
  return cached(join(cache, `${name.replace('/', '+')}-${version}`), async (folder) => {
    const log = join(cache, `npm-pack-${name.replace('/', '+')}.log`);
    await run('npm', ['pack', `${name}@${version}`, '--pack-destination', cache], { log });
    // npm names a scoped package's tarball scope-name-version.tgz.
    const tarball = join(cache, `${name.slice(1).replace('/', '-')}-${version}.tgz`);
    const integrity = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
    if (integrity !== locked.integrity) {
      throw new Error(`${tarball} has integrity ${integrity}, not package-lock.json's ${locked.integrity}`);
    }
    mkdirSync(folder);
    await run('tar', ['-xzf', tarball, '-C', folder, '--strip-components=1']);
    rmSync(tarball);
  });
}

/** The folder of `name`@`version`: node_modules' when npm installed that version, else fetched. */
async function packageFolder(name, version, tools) {
  const installed = at('node_modules', name);
  const manifest = join(installed, 'package.json');
  if (existsSync(manifest) && readJson(manifest).version === version) return installed;
  return fetchedPackage(name, version, tools);
}

/**
 * Every file of sharp's tree for linux-<arch>, keyed by its asset key (sharp/node_modules/<package>/...),
 * and their size. `machine` is the platform's ELF machine number: the addon and libvips must carry it.
 * `tools` are package.mjs's { cache, cached, run }.
 */
export async function sharpFilesFor(arch, machine, tools) {
  const sharp = readJson(at('node_modules/sharp/package.json'));
  const packages = Object.entries(sharp.dependencies).map(([name]) => [name, at('node_modules', name)]);
  packages.push(['sharp', at('node_modules/sharp')]);
  // sharp names the exact versions of its platform packages as optional dependencies.
  for (const name of [`@img/sharp-linux-${arch}`, `@img/sharp-libvips-linux-${arch}`]) {
    const version = sharp.optionalDependencies[name];
    if (!version) throw new Error(`sharp ${sharp.version} has no ${name}`);
    packages.push([name, await packageFolder(name, version, tools)]);
  }
  // The HEIC decoder (src/server/media/heic-decode.ts): plain JavaScript and wasm, the same for every
  // platform, loaded by the worker from this tree too.
  packages.push(
    ['heic-decode', at('node_modules/heic-decode')],
    ['libheif-js', at('node_modules/libheif-js')],
  );
  const files = {};
  let bytes = 0;
  for (const [name, folder] of packages) {
    for (const entry of filesOf(folder, name)) {
      const file = join(folder, entry);
      if (/\.(node|so[.\d]*)$/.test(entry)) {
        // e_machine, two bytes little-endian at offset 18 of an ELF file.
        const found = readFileSync(file).readUInt16LE(18);
        if (found !== machine) throw new Error(`${file} is for ELF machine ${found}, not ${machine}`);
      }
      files[`${sharpPrefix}node_modules/${name}/${entry}`] = file;
      bytes += statSync(file).size;
    }
  }
  const addons = Object.keys(files).filter((key) => key.endsWith('.node'));
  if (addons.length !== 1 || !Object.keys(files).some((key) => /libvips-cpp\.so/.test(key))) {
    throw new Error(`sharp's tree for linux-${arch} lacks its addon or libvips: ${Object.keys(files)}`);
  }
  return { files, bytes };
}

/**
 * The smoke test's pictures (scripts/package.mjs): `member` signs in and uploads a JPEG made by the checkout's
 * sharp; the answer must be 201 and the picture must come back as WebP; then a HEIC, which must be 201 too. Then the addon and libvips unpacked
 * under `runtime` must be linux-<arch>'s (`machine`).
 */
export async function smokeUpload(url, member, runtime, arch, machine) {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(member),
  });
  if (login.status !== 200) throw new Error(`POST /api/auth/login gave ${login.status}`);
  const { encodedToken } = await login.json();
  const { default: sharp } = await import('sharp');
  const background = { r: 200, g: 60, b: 40 };
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background } })
    .jpeg()
    .toBuffer();
  const upload = await fetch(`${url}/media`, {
    method: 'POST',
    headers: { authorization: encodedToken, 'content-type': 'image/jpeg' },
    body: jpeg,
  });
  const answer = await upload.text();
  if (upload.status !== 201) throw new Error(`POST /media gave ${upload.status}: ${answer}`);
  const picture = await fetch(new URL(JSON.parse(answer).url, url));
  const bytes = Buffer.from(await picture.arrayBuffer());
  if (picture.status !== 200 || bytes.subarray(8, 12).toString('latin1') !== 'WEBP') {
    throw new Error(`GET of the uploaded picture gave ${picture.status}, ${bytes.length} bytes, not WebP`);
  }
  // An iPhone-style HEIC (HEVC, a quarter-turned 64 x 48): the worker must find the unpacked heic-decode.
  const heic = await fetch(`${url}/media`, {
    method: 'POST',
    headers: { authorization: encodedToken, 'content-type': 'image/heic' },
    body: readFileSync(at('tests/media/fixtures/hevc-64x48-irot90.heic')),
  });
  const heicAnswer = await heic.text();
  if (heic.status !== 201) throw new Error(`POST /media of a HEIC gave ${heic.status}: ${heicAnswer}`);
  const { width, height } = JSON.parse(heicAnswer);
  if (width !== 48 || height !== 64) throw new Error(`the HEIC came out ${width} x ${height}, not 48 x 64`);
  const [buildId] = readdirSync(runtime);
  const library = join(runtime, buildId, 'sharp/node_modules/@img');
  const native = [`sharp-linux-${arch}/lib`, `sharp-libvips-linux-${arch}/lib`].flatMap((folder) =>
    readdirSync(join(library, folder))
      .filter((name) => /\.(node|so[.\d]*)$/.test(name))
      .map((name) => join(library, folder, name)),
  );
  for (const file of native) {
    const found = readFileSync(file).readUInt16LE(18);
    if (found !== machine) throw new Error(`unpacked ${file} is for ELF machine ${found}, not ${machine}`);
  }
  if (native.length !== 2) throw new Error(`unpacked ${library} holds ${native.length} native files, not 2`);
}
