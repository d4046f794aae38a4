import { describe, expect, it } from 'vitest';
import { LEDGER_SHARD_ROWS, Ledger } from '../../../../src/core/jobs/pipeline/ledger/ledger';
import { SendLedger } from '../../../../src/core/send/job-ledger';
import { MemoryKeyValueStore } from './fakes';

describe('Ledger.add / loadAll (a record kept a few rows at a time)', () => {
  it('fills the last shard before starting another, and loadAll finds every shard saved', () => {
    const store = new MemoryKeyValueStore();
    const ledger = new Ledger<{ k: string; s?: string }>(store, 'p.');
    ledger.add([{ k: 'a', s: 'SKIPPED' }]);
    ledger.save();
    ledger.add(Array.from({ length: LEDGER_SHARD_ROWS }, (_, i) => ({ k: `r${i}` })));
    ledger.save();
    expect(ledger.shards.map((shard) => shard.length)).toEqual([LEDGER_SHARD_ROWS, 1]);
    const again = new Ledger<{ k: string; s?: string }>(store, 'p.').loadAll();
    expect(again.entries()).toEqual(ledger.entries());
    expect(new Ledger(new MemoryKeyValueStore(), 'p.').loadAll().entries()).toEqual([]);
  });
});

describe('SendLedger', () => {
  it('stores nothing until saved, names rows by status and key, and goes with drop', () => {
    const store = new MemoryKeyValueStore();
    const record = new SendLedger(store, 'job-1', false);
    record.add([
      { k: 'lead:42', s: 'FAILED' },
      { k: 'x:', s: 'SKIPPED' },
    ]);
    expect(store.keys()).toEqual([]);
    expect(record.used).toBe(true);
    expect(record.has('FAILED', 'lead:42')).toBe(true);
    record.save();
    const later = new SendLedger(store, 'job-1', true);
    // A checkpoint that says there is no ledger: nothing is read.
    expect(new SendLedger(store, 'job-1', false).has('FAILED', 'lead:42')).toBe(false);
    expect(later.has('FAILED', 'lead:42')).toBe(true);
    expect(later.has('SKIPPED', 'lead:42')).toBe(false);
    expect(later.has('SKIPPED', 'x:')).toBe(true);
    expect(new SendLedger(store, 'job-2', true).has('FAILED', 'lead:42')).toBe(false);
    later.drop();
    expect(store.keys()).toEqual([]);
  });
});
