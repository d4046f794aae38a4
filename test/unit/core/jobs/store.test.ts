import { describe, expect, it } from 'vitest';
import {
  deleteChunkedJson,
  readChunkedJson,
  splitByUtf8Bytes,
  writeChunkedJson,
} from '../../../../src/core/jobs/chunked-json';
import type { JobRecord } from '../../../../src/core/jobs/record';
import { cancelledMessage, createJobStore } from '../../../../src/core/jobs/store';
import { MemoryCache, MemoryKeyValueStore, SimClock, SimulatedKill, seededRandom } from './fakes';

const DAY = 24 * 60 * 60 * 1000;

/** About `bytes` UTF-8 bytes of Portuguese-looking text with accents and an emoji now and then. */
function bulkyValue(bytes: number, seed: number) {
  const random = seededRandom(seed);
  const words = ['Observações', 'São Paulo', 'Conceição', 'ação', 'R$ 1.234,56', '🚀', 'lead'];
  const rows: string[] = [];
  let size = 0;
  while (size < bytes) {
    const word = words[Math.floor(random() * words.length)] ?? 'x';
    rows.push(word);
    size += Buffer.byteLength(word, 'utf8') + 3;
  }
  return { rows, note: 'quote " backslash \\ newline \n end' };
}

function job(overrides: Partial<JobRecord> & { jobId: string }): JobRecord {
  return {
    kind: 'import',
    state: 'queued',
    createdAt: 0,
    updatedAt: 0,
    total: 10,
    done: 0,
    counts: {},
    message: '',
    options: null,
    cursor: null,
    ...overrides,
  };
}

describe('splitByUtf8Bytes', () => {
  it.each([
    ['ascii', 'abcdefghij', 4],
    ['accents', 'çãéõçãéõçãéõ', 5],
    ['emoji never split', '🚀a🚀b🚀c🚀', 5],
    ['empty', '', 8],
  ])('%s: pieces fit and join back', (_name, text, max) => {
    const pieces = splitByUtf8Bytes(text, max);
    expect(pieces.join('')).toBe(text);
    for (const piece of pieces) expect(Buffer.byteLength(piece, 'utf8')).toBeLessThanOrEqual(max);
    for (const piece of pieces) expect(piece).not.toMatch(/[\uD800-\uDBFF]$/);
  });

  it('refuses a limit too small for one character', () => {
    expect(() => splitByUtf8Bytes('abc', 3)).toThrow(/at least 4/);
  });
});

describe('chunked JSON over a 9 KB-per-value store', () => {
  it.each([1, 2, 3])(
    'round-trips a 50 KB value (seed %i) through chunks under the quota',
    (seed) => {
      const kv = new MemoryKeyValueStore();
      const value = bulkyValue(50 * 1024, seed);
      writeChunkedJson(kv, 'crm.job.big', value);
      expect(kv.keys().length).toBeGreaterThan(6);
      expect(readChunkedJson(kv, 'crm.job.big')).toEqual(value);
    },
  );

  it('keeps small values in one key and removes chunks of an earlier large value', () => {
    const kv = new MemoryKeyValueStore();
    writeChunkedJson(kv, 'k', bulkyValue(30_000, 4));
    writeChunkedJson(kv, 'k', { small: true });
    expect(kv.keys()).toEqual(['k']);
    expect(readChunkedJson(kv, 'k')).toEqual({ small: true });
  });

  it('replacing a large value with another leaves only the new generation', () => {
    const kv = new MemoryKeyValueStore();
    writeChunkedJson(kv, 'k', bulkyValue(40_000, 5));
    const second = bulkyValue(20_000, 6);
    writeChunkedJson(kv, 'k', second);
    expect(readChunkedJson(kv, 'k')).toEqual(second);
    const chunkKeys = kv.keys().filter((key) => key !== 'k');
    expect(new Set(chunkKeys.map((key) => key.split('~')[1]?.split('.')[0])).size).toBe(1);
  });

  it('a write killed at any point leaves the previous value readable', () => {
    const first = bulkyValue(30_000, 7);
    const second = bulkyValue(35_000, 8);
    for (let killAfter = 0; killAfter < 12; killAfter++) {
      const kv = new MemoryKeyValueStore();
      writeChunkedJson(kv, 'k', first);
      let writes = 0;
      kv.beforeWrite = () => {
        if (writes++ === killAfter) throw new SimulatedKill('write');
      };
      let killed = false;
      try {
        writeChunkedJson(kv, 'k', second);
      } catch (error) {
        expect(error).toBeInstanceOf(SimulatedKill);
        killed = true;
      }
      kv.beforeWrite = null;
      const seen = readChunkedJson(kv, 'k');
      // Before the index flips a reader sees the old value; from then on, the new one.
      expect([first, second]).toContainEqual(seen);
      if (!killed) expect(seen).toEqual(second);
      // The next successful write sweeps whatever the killed one left behind.
      writeChunkedJson(kv, 'k', { after: killAfter });
      expect(kv.keys()).toEqual(['k']);
    }
  });

  it('sweeps chunks a killed write left under the generation number it reuses', () => {
    const kv = new MemoryKeyValueStore();
    writeChunkedJson(kv, 'k', { small: 1 });
    let writes = 0;
    kv.beforeWrite = (key) => {
      // Kill when the index is about to be written: every chunk of gen 1 is already there.
      if (key === 'k' && writes++ === 0) throw new SimulatedKill('index');
    };
    expect(() => writeChunkedJson(kv, 'k', bulkyValue(40_000, 11))).toThrow(SimulatedKill);
    kv.beforeWrite = null;
    expect(readChunkedJson(kv, 'k')).toEqual({ small: 1 });
    const smaller = bulkyValue(12_000, 12);
    writeChunkedJson(kv, 'k', smaller);
    expect(readChunkedJson(kv, 'k')).toEqual(smaller);
    expect(kv.keys().sort()).toEqual(['k', 'k~1.0', 'k~1.1']);
  });

  it('deletes the value and all its chunks', () => {
    const kv = new MemoryKeyValueStore();
    writeChunkedJson(kv, 'k', bulkyValue(20_000, 9));
    writeChunkedJson(kv, 'other', 1);
    deleteChunkedJson(kv, 'k');
    expect(kv.keys()).toEqual(['other']);
    expect(readChunkedJson(kv, 'k')).toBeNull();
  });

  it.each([
    ['not JSON', '{oops', /not valid JSON/],
    ['unknown layout', '{"a":1}', /unknown layout/],
    ['missing chunk', '{"generation":1,"chunks":2}', /missing chunk 1 of 2/],
  ])('explains a damaged value: %s', (_name, raw, message) => {
    const kv = new MemoryKeyValueStore();
    kv.set('k', raw);
    expect(() => readChunkedJson(kv, 'k')).toThrow(message);
  });

  it('refuses keys that use the chunk separator', () => {
    expect(() => writeChunkedJson(new MemoryKeyValueStore(), 'a~b', 1)).toThrow(/must not contain/);
  });
});

describe('JobStore', () => {
  it('saves, gets, lists oldest first and deletes, including a 50 KB cursor', () => {
    const kv = new MemoryKeyValueStore();
    const store = createJobStore(kv);
    const big = job({ jobId: 'b', createdAt: 20, cursor: bulkyValue(50 * 1024, 10) });
    store.save(big);
    store.save(job({ jobId: 'a', createdAt: 10 }));
    kv.set('crm.settings', '{"unrelated":true}');
    expect(store.get('b')).toEqual(big);
    expect(store.list().map((j) => j.jobId)).toEqual(['a', 'b']);
    store.delete('b');
    expect(store.get('b')).toBeNull();
    expect(kv.keys().sort()).toEqual(['crm.job.a', 'crm.settings']);
  });

  it('refuses to save a record with a bad id or state', () => {
    const store = createJobStore(new MemoryKeyValueStore());
    expect(() => store.save(job({ jobId: 'a b' }))).toThrow(/cannot be saved/);
    expect(() => store.save({ ...job({ jobId: 'a' }), state: 'sleeping' as never })).toThrow(
      /cannot be saved/,
    );
  });

  it('skips a damaged record in list but names it in get', () => {
    const kv = new MemoryKeyValueStore();
    const store = createJobStore(kv);
    store.save(job({ jobId: 'good' }));
    kv.set('crm.job.bad', JSON.stringify({ value: { jobId: 'bad' } }));
    expect(store.list().map((j) => j.jobId)).toEqual(['good']);
    expect(() => store.get('bad')).toThrow(/Job bad is stored in a shape/);
  });

  it('a cancel request wins over every later checkpoint of a running job, and stays', () => {
    const kv = new MemoryKeyValueStore();
    const store = createJobStore(kv);
    store.save(job({ jobId: 'j', state: 'running' }));
    store.requestCancel('j');
    expect(store.get('j')?.state).toBe('cancelled');
    store.save(job({ jobId: 'j', state: 'running', done: 3 }));
    expect(store.get('j')).toMatchObject({
      state: 'cancelled',
      done: 3,
      message: cancelledMessage(),
    });
    // A resume that read the job before the cancel and saves after it still reads cancelled.
    store.save(job({ jobId: 'j', state: 'queued' }));
    expect(store.get('j')?.state).toBe('cancelled');
    store.delete('j');
    expect(kv.keys()).toEqual([]);
  });

  it('a cancel request does not undo a job that finished', () => {
    const store = createJobStore(new MemoryKeyValueStore());
    store.save(job({ jobId: 'j', state: 'running' }));
    store.requestCancel('j');
    store.save(job({ jobId: 'j', state: 'done' }));
    expect(store.get('j')?.state).toBe('done');
  });

  it('prunes finished jobs older than N days and keeps at most M finished jobs', () => {
    const store = createJobStore(new MemoryKeyValueStore());
    const now = 100 * DAY;
    store.save(job({ jobId: 'old-done', state: 'done', updatedAt: now - 31 * DAY }));
    store.save(job({ jobId: 'old-queued', state: 'queued', updatedAt: now - 90 * DAY }));
    store.save(job({ jobId: 'old-paused', state: 'paused', updatedAt: now - 90 * DAY }));
    for (let i = 0; i < 5; i++) {
      store.save(job({ jobId: `f${i}`, state: 'failed', updatedAt: now - i * DAY }));
    }
    const removed = store.prune({ now, maxAgeDays: 30, keepAtMost: 3 });
    expect(removed.sort()).toEqual(['f3', 'f4', 'old-done']);
    expect(
      store
        .list()
        .map((j) => j.jobId)
        .sort(),
    ).toEqual(['f0', 'f1', 'f2', 'old-paused', 'old-queued']);
  });
});

describe('the board and the store budget', () => {
  const DAY_MS = 86_400_000;
  it('every editor reads the board (no options); requests from anyone reach the owner', () => {
    const mine = new MemoryKeyValueStore();
    const shared = new MemoryKeyValueStore();
    const store = createJobStore(mine, { shared });
    store.save(job({ jobId: 'j', state: 'running', options: { big: 'x'.repeat(500) } }));
    const other = createJobStore(new MemoryKeyValueStore(), { shared });
    expect(other.get('j')).toBeNull();
    expect(other.board()).toMatchObject([{ jobId: 'j', state: 'running', options: null }]);
    other.requestPause('j', 'Paused by bia.');
    expect(other.board()[0]).toMatchObject({ state: 'paused', message: 'Paused by bia.' });
    expect(store.controlRequest('j')).toEqual({ kind: 'pause', message: 'Paused by bia.' });
    store.save(job({ jobId: 'j', state: 'running' }));
    expect(store.get('j')?.state).toBe('paused');
    store.clearPauseRequest('j');
    expect(store.controlRequest('j')).toBeNull();
    store.delete('j');
    expect(other.board()).toEqual([]);
  });

  it('a listing reads no request of a done job, yet a failed job still reads its cancel', () => {
    const mine = new MemoryKeyValueStore();
    const shared = new MemoryKeyValueStore();
    const store = createJobStore(mine, { shared });
    store.save(job({ jobId: 'done', state: 'done' }));
    store.save(job({ jobId: 'failed', state: 'failed' }));
    const other = createJobStore(new MemoryKeyValueStore(), { shared });
    other.requestCancel('failed');
    let reads = 0;
    const get = shared.get.bind(shared);
    shared.get = (key: string) => {
      reads += 1;
      return get(key);
    };
    const states = (jobs: JobRecord[]) => jobs.map((j) => `${j.jobId}:${j.state}`).sort();
    expect(states(store.list())).toEqual(['done:done', 'failed:cancelled']);
    expect(reads).toBe(1);
    expect(states(other.board())).toEqual(['done:done', 'failed:cancelled']);
    expect(states(store.board(new Set(['done'])))).toEqual(['failed:cancelled']);
  });

  it('prune sweeps chunks whose record is gone', () => {
    const kv = new MemoryKeyValueStore();
    const store = createJobStore(kv);
    store.save(job({ jobId: 'keep', state: 'running' }));
    kv.set('crm.job.gone~3.0', 'orphan piece');
    kv.set('crm.job.gone~3.1', 'orphan piece');
    store.prune({ now: 100 * DAY_MS, maxAgeDays: 30, keepAtMost: 50 });
    expect(kv.keys().sort()).toEqual(['crm.job.keep']);
  });
});

describe('the control signal after a resume (review 5)', () => {
  /** The shared store (developer metadata: three Sheets calls a read), counting control reads. */
  class CountingStore extends MemoryKeyValueStore {
    controlReads = 0;
    override get(key: string): string | null {
      if (key.startsWith('crm.jobctl.')) this.controlReads += 1;
      return super.get(key);
    }
  }

  function world() {
    const clock = new SimClock();
    const shared = new CountingStore();
    const signalCache = new MemoryCache(clock);
    const store = createJobStore(new MemoryKeyValueStore(), {
      shared,
      signal: { cache: signalCache, clock },
    });
    store.save(job({ jobId: 'j', state: 'running' }));
    return { clock, shared, store };
  }

  it('a job paused and resumed reads its requests only now and then again, and still sees a new pause at once', () => {
    const { clock, shared, store } = world();
    store.requestPause('j', 'Paused by Ana.');
    expect(store.controlRequest('j')?.kind).toBe('pause');
    store.clearPauseRequest('j');
    expect(store.controlRequest('j')).toBeNull();
    const before = shared.controlReads;
    for (let i = 0; i < 20; i++) {
      clock.advance(1_000);
      expect(store.controlRequest('j')).toBeNull();
    }
    // Before: the signal stayed for 6 hours, so each of the 20 checks read the shared store.
    expect(shared.controlReads - before).toBe(0);
    store.requestPause('j', 'Paused again.');
    expect(store.controlRequest('j')).toEqual({ kind: 'pause', message: 'Paused again.' });
  });
});
