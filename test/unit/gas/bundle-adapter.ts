import { join } from 'node:path';
import { build } from 'esbuild';

const ROOT = join(import.meta.dirname, '..', '..', '..');

/**
 * An adapter of src/gas bundled alone, as Apps Script would load it: `entry` imports from
 * `./src/…` (paths from the repository's root) and sets the globals a test calls in the local
 * runtime or a bare V8 context.
 */
export async function bundleAdapter(entry: string): Promise<string> {
  const result = await build({
    stdin: { contents: entry, resolveDir: ROOT, loader: 'ts' },
    bundle: true,
    format: 'iife',
    target: 'es2020',
    write: false,
    logLevel: 'error',
  });
  return result.outputFiles[0]?.text ?? '';
}
