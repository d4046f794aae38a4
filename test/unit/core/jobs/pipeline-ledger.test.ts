import { describe, expect, it } from 'vitest';
import {
  dropLedger,
  LEDGER_SHARD_ROWS,
  Ledger,
} from '../../../../src/core/jobs/pipeline/ledger/ledger';
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

/** A store that counts its calls as Properties would (each is one against the daily quota). */
class CountingStore extends MemoryKeyValueStore {
  calls = { get: 0, set: 0, delete: 0, keys: 0 };
  override get(key: string): string | null {
    this.calls.get += 1;
    return super.get(key);
  }
  override set(key: string, value: string): void {
    this.calls.set += 1;
    super.set(key, value);
  }
  override delete(key: string): void {
    this.calls.delete += 1;
    super.delete(key);
  }
  override keys(): string[] {
    this.calls.keys += 1;
    return super.keys();
  }
}

describe('Ledger.save: Properties calls (issue 30)', () => {
  it('rewrites a shard it wrote itself with one write and no read of the old value', () => {
    const store = new CountingStore();
    const ledger = new Ledger<{ k: string; s?: string }>(store, 'p.');
    for (let batch = 0; batch < 4; batch++) {
      ledger.add(Array.from({ length: 10 }, (_, i) => ({ k: `r${batch}.${i}`, s: 'SENT' })));
      ledger.save();
    }
    // One read before the first write of the shard (it may hold chunks from another run).
    expect(store.calls).toEqual({ get: 1, set: 4, delete: 0, keys: 0 });
    const again = new Ledger<{ k: string; s?: string }>(store, 'p.').loadAll();
    expect(again.entries()).toEqual(ledger.entries());
  });

  it('a shard past one value is chunked and read back whole, then one value again', () => {
    const store = new CountingStore(1_000_000);
    const ledger = new Ledger<{ k: string; d?: string }>(store, 'p.');
    ledger.add([{ k: 'a', d: 'x'.repeat(9_000) }]);
    ledger.save();
    expect(new Ledger(store, 'p.').loadAll().entries()).toEqual(ledger.entries());
    ledger.reset([{ k: 'b' }]);
    ledger.save();
    ledger.add([{ k: 'c' }]);
    ledger.save();
    expect(new Ledger(store, 'p.').loadAll().entries()).toEqual([{ k: 'b' }, { k: 'c' }]);
    expect([...store.data.keys()]).toEqual(['p.0']);
  });

  it('dropLedger lists the store once, whatever the number of shards and chunks', () => {
    const store = new CountingStore(1_000_000);
    const ledger = new Ledger<{ k: string; d?: string }>(store, 'p.');
    ledger.append(Array.from({ length: 5 * LEDGER_SHARD_ROWS }, (_, i) => ({ k: `r${i}` })));
    ledger.add([{ k: 'big', d: 'x'.repeat(9_000) }]);
    ledger.save();
    store.set('other', '1');
    store.calls.keys = 0;
    dropLedger(store, 'p.');
    expect(store.calls.keys).toBe(1);
    expect([...store.data.keys()]).toEqual(['other']);
  });
});
