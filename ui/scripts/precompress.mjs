// Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside each built asset worth
// compressing, once per build. The server sends them as they are (server/src/web/assets.rs), so no
// request compresses a bundle: compressing on the fly costs CPU on every fetch and, at the fast
// levels a request can afford, gives files about a quarter larger than these.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const dir = join(import.meta.dirname, '..', 'dist', 'assets');
const COMPRESSIBLE = /\.(js|mjs|css|wasm|svg|json|txt|map)$/;
const MIN_BYTES = 1024;
const br = promisify(brotliCompress);
const gz = promisify(gzip);

const names = (await readdir(dir)).filter((n) => COMPRESSIBLE.test(n));
let count = 0;
let raw = 0;
let packed = 0;
await Promise.all(
  names.map(async (name) => {
    const path = join(dir, name);
    if ((await stat(path)).size < MIN_BYTES) return;
    const data = await readFile(path);
    const [b, g] = await Promise.all([
      br(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          [constants.BROTLI_PARAM_MODE]: name.endsWith('.wasm') ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT,
        },
      }),
      gz(data, { level: 9 }),
    ]);
    await Promise.all([writeFile(`${path}.br`, b), writeFile(`${path}.gz`, g)]);
    count += 1;
    raw += data.length;
    packed += b.length;
  }),
);
console.log(`precompressed ${count} assets: ${Math.round(raw / 1024)} KB -> ${Math.round(packed / 1024)} KB brotli`);
