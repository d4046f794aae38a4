import { describe, expect, it } from 'vitest';
import {
  cacheKeyFor,
  createChunkedCache,
  splitUtf8,
  utf8Length,
} from '../../../../src/core/cache/chunked';
import { MemoryCache } from './memory-cache';

/** About `kb` KB of JSON: Brazilian leads with accents and an emoji (multi-byte UTF-8). */
function bigValue(kb: number, tag: string) {
  const leads = [];
  // The array's JSON size, counted as it grows (re-serialising it at each lead was quadratic:
  // 30 s of this file): '[]', each lead's JSON, and a comma between two leads.
  let bytes = 2;
  for (let i = 0; bytes < kb * 1000; i++) {
    const lead = {
      id: i,
      tag,
      name: `Conceição Araújo nº ${i} 🚀`,
      company: 'Pão de Açúcar Comércio Ltda.',
      value: 'R$ 1.234,56',
      phone: '+5511987654321',
    };
    bytes += utf8Length(JSON.stringify(lead)) + (i > 0 ? 1 : 0);
    leads.push(lead);
  }
  expect(utf8Length(JSON.stringify(leads))).toBe(bytes);
  return leads;
}

function counter() {
  let n = 0;
  return () => `w${++n}`;
}

describe('createChunkedCache', () => {
  it('round-trips a small value in one entry', () => {
    const memory = new MemoryCache();
    const cache = createChunkedCache(memory, { prefix: 'crm:' });
    cache.putJson('a', { ok: true, nome: 'João' }, 60);
    expect(cache.getJson('a')).toEqual({ ok: true, nome: 'João' });
    expect([...memory.entries.keys()]).toEqual(['crm:a']);
    expect(cache.getJson('b')).toBeUndefined();
  });

  it('round-trips 350 KB across chunks that each fit CacheService', () => {
    const memory = new MemoryCache();
    const cache = createChunkedCache(memory, { prefix: 'crm:', nonce: counter() });
    const value = bigValue(350, 'x');
    cache.putJson('leads', value, 600);
    expect(cache.getJson('leads')).toEqual(value);
    const chunks = [...memory.entries].filter(([key]) => key.startsWith('crm:leads~'));
    expect(chunks.length).toBe(4);
    for (const [, entry] of chunks) expect(utf8Length(entry.value)).toBeLessThanOrEqual(100_000);
  });

  it('reports a miss, not a partial value, when one chunk was evicted', () => {
    const memory = new MemoryCache();
    const cache = createChunkedCache(memory, { nonce: counter() });
    cache.putJson('leads', bigValue(350, 'x'), 600);
    memory.remove('leads~w1~2');
    expect(cache.getJson('leads')).toBeUndefined();
  });

  it('reports a miss when a chunk holds other data (hash check)', () => {
    const memory = new MemoryCache();
    const cache = createChunkedCache(memory, { nonce: counter() });
    cache.putJson('leads', bigValue(250, 'x'), 600);
    const chunk = memory.entries.get('leads~w1~1');
    memory.put('leads~w1~1', `${chunk?.value.slice(0, -1)}!`, 600);
    expect(cache.getJson('leads')).toBeUndefined();
  });

  it('never mixes two interleaved writes: the reader sees one whole value', () => {
    const memory = new MemoryCache();
    const writerA = createChunkedCache(memory, { nonce: () => 'aaaa' });
    const writerB = createChunkedCache(memory, { nonce: () => 'bbbb' });
    const reader = createChunkedCache(memory);
    const valueA = bigValue(300, 'A');
    const valueB = bigValue(300, 'B');
    const seenDuringA: unknown[] = [];
    let interleaved = false;
    memory.beforePut = (key) => {
      // Halfway through A's chunks, B writes its whole value; a reader looks at both moments.
      if (key === 'k~aaaa~1' && !interleaved) {
        interleaved = true;
        seenDuringA.push(reader.getJson('k'));
        writerB.putJson('k', valueB, 600);
        seenDuringA.push(reader.getJson('k'));
      }
    };
    writerA.putJson('k', valueA, 600);
    expect(interleaved).toBe(true);
    expect(seenDuringA[0]).toBeUndefined();
    expect(seenDuringA[1]).toEqual(valueB);
    // A's index was written last, so A's value wins, whole.
    expect(reader.getJson('k')).toEqual(valueA);
  });

  it('a reader overtaken by a new write mid-read gets the old value whole or a miss', () => {
    const memory = new MemoryCache();
    const nonces = counter();
    const writer = createChunkedCache(memory, { nonce: nonces });
    const reader = createChunkedCache(memory);
    const oldValue = bigValue(300, 'old');
    writer.putJson('k', oldValue, 600);
    let rewritten = false;
    memory.beforeGet = (key) => {
      if (key === 'k~w1~1' && !rewritten) {
        rewritten = true;
        writer.putJson('k', bigValue(300, 'new'), 600);
      }
    };
    const seen = reader.getJson('k');
    expect(rewritten).toBe(true);
    expect(seen === undefined || JSON.stringify(seen) === JSON.stringify(oldValue)).toBe(true);
    memory.beforeGet = undefined;
    expect((reader.getJson('k') as { tag: string }[])[0]?.tag).toBe('new');
  });

  it('frees the chunks of a value it replaces or removes', () => {
    const memory = new MemoryCache();
    const cache = createChunkedCache(memory, { nonce: counter() });
    cache.putJson('k', bigValue(350, 'x'), 600);
    cache.putJson('k', bigValue(220, 'y'), 600);
    expect([...memory.entries.keys()].sort()).toEqual(['k', 'k~w2~0', 'k~w2~1', 'k~w2~2']);
    cache.putJson('k', { small: true }, 600);
    expect([...memory.entries.keys()]).toEqual(['k']);
    cache.putJson('k', bigValue(150, 'z'), 600);
    cache.remove('k');
    expect(memory.entries.size).toBe(0);
  });

  it('clamps the TTL to CacheService’s 6 hours and refuses nonsense', () => {
    const memory = new MemoryCache();
    const cache = createChunkedCache(memory);
    cache.putJson('k', 1, 999_999);
    expect(memory.entries.get('k')?.ttl).toBe(21_600);
    cache.putJson('k', 1, 0.2);
    expect(memory.entries.get('k')?.ttl).toBe(1);
    expect(() => cache.putJson('k', 1, 0)).toThrow(/ttlSeconds must be a positive number/);
    expect(() => cache.putJson('k', undefined, 60)).toThrow(/needs a JSON value/);
    expect(() => cache.getJson('x'.repeat(240))).toThrow(/Cache key too long .*cacheKeyFor/);
  });

  it('treats an unreadable entry as a miss', () => {
    const memory = new MemoryCache();
    memory.put('k', 'w{not json', 60);
    memory.put('j', 'i{"v":1}', 60);
    const cache = createChunkedCache(memory);
    expect(cache.getJson('k')).toBeUndefined();
    expect(cache.getJson('j')).toBeUndefined();
  });
});

describe('utf8Length and splitUtf8', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['ç', 2],
    ['€', 3],
    ['😀', 4],
    ['\ud83d', 3],
    ['São Paulo 😀', 15],
  ])('%j is %d bytes', (text, bytes) => {
    expect(utf8Length(text)).toBe(bytes);
  });

  it('cuts within the byte budget and never inside a surrogate pair', () => {
    const text = 'aç😀€'.repeat(50);
    for (const budget of [4, 5, 7, 16]) {
      const pieces = splitUtf8(text, budget);
      expect(pieces.join('')).toBe(text);
      for (const piece of pieces) {
        expect(utf8Length(piece)).toBeLessThanOrEqual(budget);
        expect(/^[\udc00-\udfff]|[\ud800-\udbff]$/.test(piece)).toBe(false);
      }
    }
  });
});

describe('cacheKeyFor', () => {
  it('is short, stable for equal parts and different for different ones', () => {
    const a = cacheKeyFor(['CRM_LEADS', { pipeline: 'Vendas', tags: ['vip'] }, 'id,name', 100]);
    const b = cacheKeyFor(['CRM_LEADS', { tags: ['vip'], pipeline: 'Vendas' }, 'id,name', 100]);
    expect(a).toBe(b);
    expect(a).toMatch(/^k[0-9a-z]{14}$/);
    const others = [
      ['CRM_LEADS', { pipeline: 'Vendas', tags: ['vip'] }, 'id,name', 101],
      ['CRM_LEADS', { pipeline: 'vendas', tags: ['vip'] }, 'id,name', 100],
      ['CRM_LEAD', { pipeline: 'Vendas', tags: ['vip'] }, 'id,name', 100],
      ['CRM_LEADS', { pipeline: 'Vendas', tags: 'vip' }, 'id,name', 100],
      ['CRM_LEADS', new Date(0)],
      ['CRM_LEADS', new Date(1)],
    ].map(cacheKeyFor);
    expect(new Set([a, ...others]).size).toBe(others.length + 1);
    expect(cacheKeyFor(['x'.repeat(10_000)]).length).toBeLessThan(20);
  });

  it('spreads many similar keys without collisions', () => {
    const keys = new Set<string>();
    for (let i = 0; i < 20_000; i++) keys.add(cacheKeyFor(['CRM_LEAD', i, 'id,name']));
    expect(keys.size).toBe(20_000);
  });
});
