const path = require('path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CopyWebpackPlugin = require('copy-webpack-plugin');
const zlib = require('zlib');
const pkg = require('./package.json');

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

module.exports = (_env, argv) => {
  const production = argv.mode !== 'development';
  return {
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
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: { loader: 'ts-loader', options: { onlyCompileBundledFiles: true, transpileOnly: true } },
        },
        { test: /\.(png|svg|jpg|ico)$/, type: 'asset/resource', generator: { filename: 'assets/[name].[contenthash:8][ext]' } },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({ template: './public/index.html', favicon: './public/favicon.svg', scriptLoading: 'defer' }),
      new CopyWebpackPlugin({ patterns: [{ from: 'public', globOptions: { ignore: ['**/index.html'] } }] }),
      ...(production ? [new PrecompressPlugin()] : []),
      new webpack.IgnorePlugin({ resourceRegExp: /^\.\/locale$/, contextRegExp: /moment$/ }),
      new webpack.DefinePlugin({
        __API_BASE__: JSON.stringify(process.env.KUDI_API_BASE || '/api'),
        __APP_VERSION__: JSON.stringify(pkg.version),
        __BUILD_ID__: JSON.stringify(process.env.KUDI_BUILD_ID || new Date().toISOString()),
        __SUPPORT_TOOLS__: JSON.stringify(process.env.KUDI_SUPPORT_TOOLS === '1'),
        __IDENTITY_KEY__: JSON.stringify(process.env.KUDI_IDENTITY_KEY || 'kudi-public-identity-key'),
      }),
    ],
    optimization: { splitChunks: { chunks: 'all' } },
    performance: { hints: false },
    devServer: {
      port: 8080,
      historyApiFallback: true,
      proxy: [{ context: ['/api'], target: 'http://localhost:3000' }],
    },
  };
};
