/**
 * A lead actions entry keeps a mark of its row's cells (`h`, rows.ts): 7 characters, the 32 bits
 * of an FNV-1a hash. Two rows of two different leads can share it, so a mark alone does not say
 * that a row added meanwhile is a row the record holds under another key (pipeline/ledger/check.ts checks that
 * the entry's own row is gone as well: test/unit/core/jobs/pipeline.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { collectEntries, rowKeying } from '../../../../src/core/actions/rows';

const HEADER = ['Nome', 'E-mail', 'Nota'];

/**
 * Two rows of two leads whose cells share a mark, found by a birthday search (2^18 notes for
 * Ana's row against Bia's, one pair a second). By chance: a run of 5,000 rows that takes on 50
 * rows added meanwhile meets such a pair about once in 17,000 runs (5,000 × 50 / 2^32).
 */
const ANA = ['Ana', 'ana@example.com', 'tq6ow3'];
const BIA = ['Bia', 'bia@example.com', '2znacx'];

describe('the mark of a row’s cells (lead actions)', () => {
  it('can be the same for two rows of two different leads', () => {
    const rows = [ANA, BIA];
    const keying = rowKeying(HEADER, { defaultCountry: 'BR' });
    if (typeof keying === 'string') throw new Error(keying);
    const entries = collectEntries({ header: HEADER, rows, display: rows }, keying, {});
    expect(entries.map((e) => e.k)).toEqual(['e:ana@example.com', 'e:bia@example.com']);
    expect(entries[0]?.h).toBeDefined();
    expect(entries[0]?.h).toBe(entries[1]?.h);
  });
});
