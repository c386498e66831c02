// `npm run build`, after webpack: writes the sign-in screen, rendered at build time, into
// dist/public/index.html, which the server sends for '/' (the browser paints it before any script
// has loaded, and src/client/index.tsx hydrates it). Every other path of the app gets
// dist/public/shell.html, the page as webpack wrote it (an empty #root), so a deep link such as
// /dashboard never shows the sign-in form first.
//
// index.html also gets, in <head>: a render block until #root is parsed (see renderBlock); the screen's styles (styled-components' style tag, rules of the
// rendered components and the global styles only) and the scripts of the sign-in route's lazy chunks
// (dist/route-chunks.json, from webpack.config.js), so they download beside the entry.
// The markup comes from dist/prerender/prerender.js (src/client/prerender.tsx built for Node).
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const publicDir = path.join(root, 'dist', 'public');
const indexFile = path.join(publicDir, 'index.html');
const shellFile = path.join(publicDir, 'shell.html');
/** The empty #root of public/index.html, as html-webpack-plugin's minifier writes it. */
const ROOT_ELEMENT = /<div id=("?)root\1><\/div>/;

/** Writes `file` and, like webpack's PrecompressPlugin, its .gz and .br copies when over 1 KiB. */
function writeWithCopies(file, text) {
  const buffer = Buffer.from(text);
  writeFileSync(file, buffer);
  if (buffer.length < 1024) return;
  writeFileSync(`${file}.gz`, gzipSync(buffer, { level: 9 }));
  writeFileSync(`${file}.br`, brotliCompressSync(buffer));
}

/** An empty Web Storage: the prerender is what a first visit sees (no session, no preferences). */
function emptyStorage() {
  const items = new Map();
  return {
    get length() { return items.size; },
    key: (i) => [...items.keys()][i] ?? null,
    getItem: (k) => (items.has(String(k)) ? items.get(String(k)) : null),
    setItem: (k, v) => void items.set(String(k), String(v)),
    removeItem: (k) => void items.delete(String(k)),
    clear: () => items.clear(),
  };
}

const started = Date.now();
// The page as webpack wrote it; on a second run (index.html already prerendered), the shell kept by the first.
const written = readFileSync(indexFile, 'utf8');
const shell = written.includes('data-prerendered') ? readFileSync(shellFile, 'utf8') : written;
if (!ROOT_ELEMENT.test(shell)) throw new Error(`${indexFile} has no empty <div id=root>`);

process.env.NODE_ENV = 'production';
Object.defineProperty(globalThis, 'localStorage', { value: emptyStorage(), configurable: true, writable: true });
Object.defineProperty(globalThis, 'sessionStorage', { value: emptyStorage(), configurable: true, writable: true });
const require = createRequire(import.meta.url);
const { prerenderSignIn } = require(path.join(root, 'dist', 'prerender', 'prerender.js'));
const { html, styleTags } = await prerenderSignIn();

const chunks = JSON.parse(readFileSync(path.join(root, 'dist', 'route-chunks.json'), 'utf8'))['sign-in'];
const chunkScripts = chunks.map((file) => `<script defer src="/${file}"></script>`).join('');
const firstScript = shell.indexOf('<script');
if (firstScript < 0 || firstScript > shell.indexOf('</head>')) throw new Error(`${indexFile}: no <script> in <head>`);
// Rendering waits until the parser reaches the marker after #root (Chromium 124+; others ignore it):
// painted while the markup still streamed in, the vertically centred form grew and moved (a layout
// shift, CLS 0.18 in half the throttled loads). Chromium unblocks at the target's start tag, hence
// an empty marker after #root rather than #root itself.
const renderBlock = '<link rel="expect" href="#root-end" blocking="render">';
const page = `${shell.slice(0, firstScript)}${renderBlock}${styleTags}${chunkScripts}${shell.slice(firstScript)}`
  .replace(ROOT_ELEMENT, () => `<div id="root" data-prerendered="/">${html}</div><template id="root-end"></template>`);

writeWithCopies(shellFile, shell);
writeWithCopies(indexFile, page);
console.log(`prerendered '/' into dist/public/index.html (${(page.length / 1024).toFixed(1)} KiB, `
  + `${(gzipSync(page, { level: 9 }).length / 1024).toFixed(1)} KiB gzip; ${chunks.length} route chunks) in ${Date.now() - started} ms`);
