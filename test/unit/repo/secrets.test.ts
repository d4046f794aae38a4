import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * A CRM key committed by mistake would be readable by anyone with the repository. Only the
 * sandbox's documented demo keys and keys that say they are fakes (`crm_test_…`, `crm_demo_…`,
 * `crm_not_a_real_key`…) may appear; anything with a long random part is treated as real.
 */
const KEY = /crm_[A-Za-z0-9_-]{16,}/g;
const FAKE = /^crm_(demo|test|fake|example|unit|not_a_real|other|nao_existe|stored)/;

function trackedTextFiles(): string[] {
  return execFileSync('git', ['ls-files'], { encoding: 'utf8' })
    .split('\n')
    .filter(
      (file) => file !== '' && !/\.(png|jpg|ico|xlsx)$/.test(file) && file !== 'package-lock.json',
    );
}

describe('committed secrets', () => {
  it('no tracked file holds something that looks like a real CRM API key', () => {
    const found: string[] = [];
    for (const file of trackedTextFiles()) {
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        continue; // listed but deleted in the working tree
      }
      for (const match of text.matchAll(KEY)) {
        if (!FAKE.test(match[0])) found.push(`${file}: ${match[0].slice(0, 8)}…`);
      }
    }
    expect(found).toEqual([]);
  });

  it('would catch a real-looking key', () => {
    // Built at run time so that this file does not itself hold one.
    const realLooking = ['crm', '9f8e7d6c5b4a39281706abcd'].join('_');
    expect(FAKE.test(realLooking)).toBe(false);
    expect(`x = "${realLooking}"`.match(KEY)).toHaveLength(1);
  });
});
