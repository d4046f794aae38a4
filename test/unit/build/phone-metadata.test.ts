import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { phoneMetadataWithoutFormats } from '../../../scripts/build/bundle';
import { normalizePhone } from '../../../src/core/phone';

const ROOT = join(import.meta.dirname, '..', '..', '..');
let bundled: typeof normalizePhone;

/** normalizePhone bundled the way dist/Code.js bundles it: phone metadata without formats. */
beforeAll(async () => {
  const result = await build({
    stdin: {
      contents: `import { normalizePhone } from './src/core/phone'; globalThis.normalizePhone = normalizePhone;`,
      resolveDir: ROOT,
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    target: 'es2020',
    plugins: [phoneMetadataWithoutFormats],
    write: false,
    logLevel: 'error',
  });
  const box: Record<string, unknown> = {};
  runInNewContext(result.outputFiles[0]?.text ?? '', box);
  bundled = box.normalizePhone as typeof normalizePhone;
});

const CASES: Array<[unknown, string]> = [
  ['(11) 98765-4321', 'BR'],
  ['11987654321', 'BR'],
  [11987654321, 'BR'],
  ['+55 21 3456-7890', 'BR'],
  ['0 11 98765-4321', 'BR'],
  ['0XX11 98765-4321', 'BR'],
  ['98765-4321', 'BR'],
  ['(10) 98765-4321', 'BR'],
  ['+55 11 98765-4321', 'PT'],
  ['5511987654321', 'BR'],
  ['(415) 555-2671', 'US'],
  ['+1 415 555 2671', 'BR'],
  ['912 345 678', 'PT'],
  ['+351 912 345 678', 'US'],
  ['020 7946 0958', 'GB'],
  ['+44 7911 123456', 'BR'],
  ['030 123456', 'DE'],
  ['+49 151 23456789', 'BR'],
  ['011 15-2345-6789', 'AR'],
  ['+52 55 1234 5678', 'BR'],
  ['98765 43210', 'IN'],
  ['123', 'BR'],
  ['não tenho', 'BR'],
  ['+999 1234', 'BR'],
];

describe('phone metadata without national formats', () => {
  it.each(CASES)(
    'normalizes %j (default %s) exactly as the full metadata does',
    (value, country) => {
      expect(bundled(value, country)).toEqual(normalizePhone(value, country));
    },
  );

  it('still produces E.164 numbers', () => {
    expect(bundled('(11) 98765-4321', 'BR')).toEqual({ ok: true, value: '+5511987654321' });
  });
});
