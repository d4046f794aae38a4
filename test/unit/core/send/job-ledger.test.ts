import { describe, expect, it } from 'vitest';
import { SENT_CELLS_KEPT, SendLedger } from '../../../../src/core/send/job-ledger';
import { MemoryKeyValueStore } from '../jobs/fakes';

/** Bytes the store holds: the person's user properties have 500 KB for everything. */
function storedBytes(store: MemoryKeyValueStore): number {
  let bytes = 0;
  for (const [key, value] of store.data) bytes += key.length + value.length;
  return bytes;
}

const sentCells = (n: number) => ({
  k: `lead ${n}`,
  s: 'SENT' as const,
  m: `wamid.HBgLNTUxMTk5OTk5OTk5FQIAERgSMEE${n}`,
  d: `[✓ "boas_vindas" 27/11/2026 15:04] lead ${n}`,
  a: 1_795_000_000_000 + n,
});

describe('the send job ledger', () => {
  it('keeps a 10,000-row campaign’s records within a small part of the person’s store', () => {
    const store = new MemoryKeyValueStore();
    const ledger = new SendLedger(store, 'job1', false);
    for (let batch = 0; batch < 1_000; batch++) {
      ledger.add(Array.from({ length: 10 }, (_, i) => sentCells(batch * 10 + i)));
      if (batch % 7 === 0) ledger.add([{ k: `lead x${batch}`, s: 'SKIPPED' }]);
      ledger.save();
    }
    expect(storedBytes(store)).toBeLessThan(60_000);
    const again = new SendLedger(store, 'job1', true);
    expect(again.sentCells().size).toBe(SENT_CELLS_KEPT);
    expect(again.sentCells().get('lead 0')?.[1]).toBe(sentCells(0).m);
    // SKIPPED and FAILED rows are all kept: a later read must not send them again.
    expect(again.has('SKIPPED', 'lead x994')).toBe(true);
  });
});
