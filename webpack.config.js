const fs = require('fs');
const path = require('path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CopyWebpackPlugin = require('copy-webpack-plugin');
const zlib = require('zlib');
const ts = require('typescript');
const pkg = require('./package.json');
const { styledComponentIds } = require('./scripts/styled-component-ids');

/**
 * Writes gzip and brotli copies of text assets next to them; the server sends the copy the
 * browser accepts (@fastify/static's preCompressed), so no CPU is spent compressing per request.
 */
class PrecompressPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'PrecompressPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER }, (assets) => {
        for (const [name, source] of Object.entries(assets)) {
          if (!/\.(js|css|html|svg|json|txt)$/.test(name) || source.size() < 1024) continue;
          const buffer = source.buffer();
          compilation.emitAsset(`${name}.gz`, new sources.RawSource(zlib.gzipSync(buffer, { level: 9 })));
          compilation.emitAsset(`${name}.br`, new sources.RawSource(zlib.brotliCompressSync(buffer)));
        }
      });
    });
  }
}

/** The lazy route whose chunks index.html loads with the prerendered sign-in screen (router.tsx names it). */
const SIGN_IN_CHUNK = 'sign-in';

/**
 * Writes dist/route-chunks.json: the JavaScript files of the sign-in route's chunk group (its own
 * chunk and the shared ones it needs, e.g. Formik), which scripts/prerender.mjs adds to index.html
 * so that '/' downloads them beside the entry instead of after it.
 */
class RouteChunksPlugin {
  apply(compiler) {
    compiler.hooks.done.tap('RouteChunksPlugin', (stats) => {
      const group = stats.compilation.namedChunkGroups.get(SIGN_IN_CHUNK);
      if (!group) throw new Error(`No chunk group '${SIGN_IN_CHUNK}' (router.tsx's webpackChunkName)`);
      const files = group.chunks.flatMap((chunk) => [...chunk.files].filter((f) => f.endsWith('.js')));
      fs.mkdirSync(path.resolve(__dirname, 'dist'), { recursive: true });
      fs.writeFileSync(path.resolve(__dirname, 'dist/route-chunks.json'), `${JSON.stringify({ [SIGN_IN_CHUNK]: files }, null, 2)}\n`);
    });
  }
}

/**
 * TypeScript through ts-loader, with stable styled-component ids (scripts/styled-component-ids.js).
 * Our modules have no import-time side effects (nothing is imported for its effects alone), so
 * webpack may leave out a module whose exports go unused: e.g. the UI kit's index re-exports the
 * whole kit, and '/' would otherwise download every component of it.
 */
const typescriptRule = {
  test: /\.tsx?$/,
  exclude: /node_modules/,
  sideEffects: false,
  use: {
    loader: 'ts-loader',
    options: {
      onlyCompileBundledFiles: true,
      transpileOnly: true,
      getCustomTransformers: () => ({ before: [styledComponentIds(ts)] }),
    },
  },
};

const buildId = process.env.KUDI_BUILD_ID || new Date().toISOString();

/** webpack's build-time constants (src/client/globals.d.ts), the same in both compilations. */
const defines = () => new webpack.DefinePlugin({
  __API_BASE__: JSON.stringify(process.env.KUDI_API_BASE || '/api'),
  __APP_VERSION__: JSON.stringify(pkg.version),
  __BUILD_ID__: JSON.stringify(buildId),
  __SUPPORT_TOOLS__: JSON.stringify(process.env.KUDI_SUPPORT_TOOLS === '1'),
  __IDENTITY_KEY__: JSON.stringify(process.env.KUDI_IDENTITY_KEY || 'kudi-public-identity-key'),
});

/**
 * The production build's second compilation: src/client/prerender.tsx for Node (dist/prerender),
 * which scripts/prerender.mjs runs to write the sign-in screen into index.html. Packages stay
 * outside (Node loads them), nothing is minified: it only has to be quick to build.
 */
const prerenderConfig = () => ({
  name: 'prerender',
  mode: 'production',
  target: 'node',
  entry: { prerender: './src/client/prerender.tsx' },
  output: { path: path.resolve(__dirname, 'dist/prerender'), filename: '[name].js', publicPath: '/', library: { type: 'commonjs2' }, clean: true },
  devtool: false,
  resolve: { extensions: ['.tsx', '.ts', '.js'] },
  externalsPresets: { node: true },
  externals: [({ request }, callback) => (/^[@a-z]/i.test(request) ? callback(null, `commonjs ${request}`) : callback())],
  module: {
    rules: [
      typescriptRule,
      { test: /\.(png|svg|jpg|ico)$/, type: 'asset/resource', generator: { filename: 'assets/[name].[contenthash:8][ext]', emit: false } },
    ],
  },
  plugins: [defines(), new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 })],
  optimization: { minimize: false },
  performance: { hints: false },
});

module.exports = (_env, argv) => {
  const production = argv.mode !== 'development';
  const client = {
    name: 'client',
    mode: production ? 'production' : 'development',
    entry: { main: './src/client/index.tsx' },
    output: {
      path: path.resolve(__dirname, 'dist/public'),
      filename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      publicPath: '/',
      clean: true,
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    module: {
      rules: [
        typescriptRule,
        { test: /\.(png|svg|jpg|ico)$/, type: 'asset/resource', generator: { filename: 'assets/[name].[contenthash:8][ext]' } },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({ template: './public/index.html', favicon: './public/favicon.svg', scriptLoading: 'defer' }),
      new CopyWebpackPlugin({ patterns: [{ from: 'public', globOptions: { ignore: ['**/index.html'] } }] }),
      ...(production ? [new PrecompressPlugin()] : []),
      new webpack.IgnorePlugin({ resourceRegExp: /^\.\/locale$/, contextRegExp: /moment$/ }),
      defines(),
      ...(production ? [new RouteChunksPlugin()] : []),
    ],
    // Modules several lazy screens share go to a shared chunk from 10 kB (webpack's default 20 kB):
    // the UI kit's components, no longer all in the entry (sideEffects above), were otherwise
    // copied into up to 11 screen chunks (all JS 387 → 367 KiB gzip; '/' unchanged). The sign-in
    // chunk keeps what it uses, though: a chunk it shares with other screens would be one more file
    // for '/' (2.4 KiB more for it, when the UI kit's button, icons and spinner were split out of it).
    optimization: { splitChunks: { chunks: (chunk) => chunk.name !== 'sign-in', minSize: 10000 } },
    performance: { hints: false },
    devServer: {
      port: 8080,
      historyApiFallback: true,
      proxy: [{ context: ['/api'], target: 'http://localhost:3000' }],
    },
  };
  return production ? [client, prerenderConfig()] : client;
};
