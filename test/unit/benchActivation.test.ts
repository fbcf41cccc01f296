// The activation bench loads the built extension bundle in a fresh process with a stand-in for `vscode`: the
// stand-in must hold what the bundle reads while it loads, or `npm run bench` stops there.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { loadMs } from '../../bench/activation';

const EXTENSION = path.resolve(__dirname, '..', '..', '..', 'client', 'dist', 'extension.js');

void describe('activation bench', () => {
  void it('loads the extension bundle with its stand-in for vscode', () => {
    assert.ok(fs.existsSync(EXTENSION), 'build first: npm run build');
    const [ms] = loadMs(EXTENSION, 1);
    assert.ok(ms !== undefined && Number.isFinite(ms) && ms > 0, String(ms));
  });
});
