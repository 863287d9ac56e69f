// The production build ships no sources: a real webpack build of a tiny app with the shared config
// must emit source maps without sourcesContent and bundles that do not point at them (hidden maps, kept on the
// server for decoding error reports, never served: serve.mjs refuses *.map too).
// Run: node --test shared-ui/build/webpack.nodetest.mjs  (not a jest file; part of `npm test`, see shell/scripts/portal.mjs).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const webpack = require('webpack');
const { createAppConfig } = require('./webpack.cjs');

const SECRET = 'secret-source-text-4711';

test('production bundles carry no sources and no source map reference', { timeout: 240_000 }, async () => {
  // Inside the repository so that loaders and shared packages resolve from its node_modules.
  const dir = fs.mkdtempSync(path.join(here, '..', '.webpack-nodetest-'));
  try {
    fs.mkdirSync(path.join(dir, 'src'));
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'fixture', private: true }));
    fs.writeFileSync(
      path.join(dir, 'src', 'index.ts'),
      `// ${SECRET} in a comment\nconst message: string = 'hello';\nexport const shout = (s: string) => s + '!';\nconsole.log(shout(message));\n`,
    );
    const config = createAppConfig({ dir, name: 'fixture', port: 0, title: 'fixture' })(
      {},
      { mode: 'production' },
    );
    const stats = await new Promise((resolve, reject) =>
      webpack(config, (error, result) => (error ? reject(error) : resolve(result))),
    );
    assert.equal(stats.hasErrors(), false, stats.toString('errors-only'));
    const files = fs.readdirSync(path.join(dir, 'dist'));
    const maps = files.filter((f) => f.endsWith('.map'));
    const scripts = files.filter((f) => f.endsWith('.js'));
    assert.ok(scripts.length > 0, files.join(', '));
    assert.ok(maps.length > 0, 'source maps are still emitted (for decoding error reports on the server)');
    for (const f of maps) {
      const map = JSON.parse(fs.readFileSync(path.join(dir, 'dist', f), 'utf8'));
      assert.equal(map.sourcesContent, undefined, `${f} carries sourcesContent`);
      assert.ok(!JSON.stringify(map).includes(SECRET), `${f} carries the source text`);
    }
    for (const f of scripts) {
      const text = fs.readFileSync(path.join(dir, 'dist', f), 'utf8');
      assert.ok(!/sourceMappingURL=/.test(text), `${f} points at its source map`);
      assert.ok(!text.includes(SECRET), `${f} carries the source comment`);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
