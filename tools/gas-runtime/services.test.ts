import { describe, expect, it } from 'vitest';
import { createGasRuntime, type GasRuntimeOptions } from './index';

function run(body: string, options: GasRuntimeOptions = {}) {
  const runtime = createGasRuntime({ code: `function main(a) {\n${body}\n}`, ...options });
  return { runtime, result: runtime.run('main') };
}

describe('PropertiesService', () => {
  it('keeps script, user and document stores apart and across executions', () => {
    const runtime = createGasRuntime({
      code: `function set() { PropertiesService.getScriptProperties().setProperty('k', 's');
               PropertiesService.getUserProperties().setProperties({ k: 'u', n: 5 });
               PropertiesService.getDocumentProperties().setProperty('k', 'd'); }
             function get() { return [PropertiesService.getScriptProperties().getProperty('k'),
               PropertiesService.getUserProperties().getProperties(), PropertiesService.getDocumentProperties().getKeys(),
               PropertiesService.getDocumentProperties().getProperty('missing')]; }`,
      user: { email: 'ana@example.com' },
    });
    runtime.runOrThrow('set');
    expect(runtime.runOrThrow('get')).toEqual(['s', { k: 'u', n: '5' }, ['k'], null]);
    expect(runtime.properties('user')).toEqual({ k: 'u', n: '5' });
    runtime.setUser('bia@example.com'); // user properties belong to each user
    expect(runtime.runOrThrow('get')).toEqual(['s', {}, ['k'], null]);
  });

  it('deletes one property or all, and replaces all with setProperties(…, true)', () => {
    const { result } = run(`var p = PropertiesService.getScriptProperties();
      p.setProperties({ a: '1', b: '2', c: '3' }); p.deleteProperty('a'); var afterDelete = p.getKeys().sort();
      p.setProperties({ z: '9' }, true); var replaced = p.getProperties(); p.deleteAllProperties();
      return [afterDelete, replaced, p.getKeys()];`);
    expect(result.value).toEqual([['b', 'c'], { z: '9' }, []]);
  });

  it('enforces 9 KB per value and 500 KB per store (quotas page)', () => {
    const value = (n: number) => `'${'x'.repeat(n)}'`;
    expect(
      run(`PropertiesService.getScriptProperties().setProperty('k', ${value(9 * 1024)});`).result
        .ok,
    ).toBe(true);
    expect(
      run(`PropertiesService.getScriptProperties().setProperty('k', ${value(9 * 1024 + 1)});`)
        .result.error?.message,
    ).toBe('Argument too large: value');
    const fill = `var p = PropertiesService.getScriptProperties(); for (var i = 0; i < 60; i++) p.setProperty('k' + i, ${value(9000)});`;
    const { runtime, result } = run(fill);
    expect(result.error?.message).toBe(
      'You have exceeded the property storage quota. Please remove some properties and try again.',
    );
    expect(Object.keys(runtime.properties('script')).length).toBe(56); // 56 × ~9 KB fit in 500 KB
  });

  it('starts from the properties given in the options', () => {
    const { result } = run(
      `return PropertiesService.getScriptProperties().getProperty('apiKey');`,
      {
        properties: { script: { apiKey: 'crm_x' } },
      },
    );
    expect(result.value).toBe('crm_x');
  });
});

describe('CacheService', () => {
  const code = `function put(k, v, ttl) { CacheService.getScriptCache().put(k, v, ttl); }
    function get(k) { return CacheService.getScriptCache().get(k); }
    function all() { var c = CacheService.getUserCache(); c.putAll({ a: '1', b: '2' }); c.remove('a');
      return [c.getAll(['a', 'b', 'c']), CacheService.getDocumentCache().get('b')]; }`;

  it('expires entries after their TTL on the runtime clock', () => {
    const runtime = createGasRuntime({ code });
    runtime.runOrThrow('put', 'k', 'v', 60);
    runtime.advance(59_000);
    expect(runtime.runOrThrow('get', 'k')).toBe('v');
    runtime.advance(1_000);
    expect(runtime.runOrThrow('get', 'k')).toBeNull();
  });

  it('defaults to 10 minutes and keeps values at most 6 hours', () => {
    const runtime = createGasRuntime({ code });
    runtime.runOrThrow('put', 'default', 'v');
    runtime.runOrThrow('put', 'long', 'v', 100_000);
    runtime.advance(600_000);
    expect(runtime.runOrThrow('get', 'default')).toBeNull();
    runtime.advance(21_600_000 - 600_000 - 1);
    expect(runtime.runOrThrow('get', 'long')).toBe('v');
    runtime.advance(1);
    expect(runtime.runOrThrow('get', 'long')).toBeNull();
  });

  it('has getAll, putAll, remove, and separate user/document caches', () => {
    expect(createGasRuntime({ code }).runOrThrow('all')).toEqual([{ b: '2' }, null]);
  });

  it('refuses values over 100 KB and keys over 250 characters', () => {
    const runtime = createGasRuntime({ code });
    expect(runtime.run('put', 'k', 'x'.repeat(100 * 1024 + 1), 60).error?.message).toBe(
      'Argument too large: value',
    );
    expect(runtime.run('put', 'k'.repeat(251), 'v', 60).error?.message).toBe(
      'Argument too large: key',
    );
    expect(runtime.run('put', 'k', 'x'.repeat(100 * 1024), 60).ok).toBe(true);
  });
});

describe('LockService', () => {
  const code = `
    function tryIt(ms) { var lock = LockService.getScriptLock(); var got = lock.tryLock(ms); return [got, lock.hasLock()]; }
    function waitIt(ms) { LockService.getDocumentLock().waitLock(ms); return 'got it'; }
    function holdAndWork() {
      var lock = LockService.getScriptLock(); lock.waitLock(1000);
      var s = SpreadsheetApp.getActiveSheet();
      s.appendRow(['outer start']); s.appendRow(['outer end']); lock.releaseLock(); return lock.hasLock();
    }
    function competitor() {
      var lock = LockService.getScriptLock();
      if (!lock.tryLock(5000)) return 'busy';
      SpreadsheetApp.getActiveSheet().appendRow(['competitor']); return 'worked';
    }`;

  it('excludes an interleaved execution while the lock is held, and lets it in after release', () => {
    const runtime = createGasRuntime({ code });
    // The competitor runs between the outer execution's two appendRow calls.
    const first = runtime.execute({
      fn: 'holdAndWork',
      interleave: {
        atServiceCall: (e) => e.name === 'Sheet.appendRow' && e.index > 4,
        fn: 'competitor',
      },
    });
    expect(first.ok).toBe(true);
    expect(first.value).toBe(false);
    expect(first.interleaved?.value).toBe('busy');
    expect(runtime.sheet('Sheet1').getValues()).toEqual([['outer start'], ['outer end']]);
    expect(runtime.run('competitor').value).toBe('worked');
  });

  it('releases a lock when its execution ends without releasing it', () => {
    const runtime = createGasRuntime({ code });
    expect(runtime.runOrThrow('tryIt', 0)).toEqual([true, true]);
    expect(runtime.runOrThrow('tryIt', 0)).toEqual([true, true]);
  });

  it('waits for a lock held elsewhere when it frees within the timeout', () => {
    const runtime = createGasRuntime({ code });
    runtime.holdLock('script', 3_000);
    const result = runtime.run('tryIt', 5_000);
    expect(result.value).toEqual([true, true]);
    expect(result.durationMs).toBe(3_000);
  });

  it('gives up after the timeout: tryLock false, waitLock throws the Apps Script message', () => {
    const runtime = createGasRuntime({ code });
    runtime.holdLock('script', 60_000);
    runtime.holdLock('document', 60_000);
    const tried = runtime.run('tryIt', 1_000);
    expect(tried.value).toEqual([false, false]);
    expect(tried.durationMs).toBe(1_000);
    expect(runtime.run('waitIt', 2_000).error?.message).toBe(
      'Lock timeout: another process was holding the lock for too long.',
    );
  });

  it('keeps user locks per user', () => {
    const runtime = createGasRuntime({
      code: 'function u() { return LockService.getUserLock().tryLock(0); }',
      user: { email: 'a@x.com' },
    });
    runtime.holdLock('user', 60_000, 'b@x.com');
    expect(runtime.runOrThrow('u')).toBe(true);
    runtime.holdLock('user', 60_000, 'a@x.com');
    expect(runtime.runOrThrow('u')).toBe(false);
  });
});

describe('Utilities', () => {
  it('computes digests and HMACs as signed byte arrays (known vectors)', () => {
    const { result } = run(`
      var hex = function (bytes) { return bytes.map(function (b) { return ('0' + (b & 0xff).toString(16)).slice(-2); }).join(''); };
      var d = Utilities.computeDigest(Utilities.DigestAlgorithm.SHA_256, 'abc');
      return [d[0], hex(d), hex(Utilities.computeHmacSha256Signature('The quick brown fox jumps over the lazy dog', 'key')),
              hex(Utilities.computeDigest(Utilities.DigestAlgorithm.MD5, '')), d instanceof Array];`);
    expect(result.value).toEqual([
      -70,
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
      'f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8',
      'd41d8cd98f00b204e9800998ecf8427e',
      true,
    ]);
  });

  it('encodes and decodes base64, including web-safe and UTF-8', () => {
    const { result } = run(`
      var bytes = Utilities.base64Decode('aGVsbG8=');
      return [Utilities.base64Encode('hello'), bytes, Utilities.newBlob(bytes).getDataAsString(),
              Utilities.base64Encode('ção'), Utilities.base64EncodeWebSafe([-5, -1]),
              Utilities.newBlob(Utilities.base64DecodeWebSafe('-_8=')).getBytes()];`);
    expect(result.value).toEqual([
      'aGVsbG8=',
      [104, 101, 108, 108, 111],
      'hello',
      'w6fDo28=',
      '-_8=',
      [-5, -1],
    ]);
  });

  it('formats dates in a time zone, makes UUIDs, formats strings and parses CSV', () => {
    const { result } = run(`
      var d = new Date(Date.UTC(2026, 10, 21, 15, 4, 5));
      return [Utilities.formatDate(d, 'America/Sao_Paulo', 'dd/MM/yyyy HH:mm'), Utilities.formatDate(d, 'GMT', 'yyyy-MM-dd'),
              /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(Utilities.getUuid()),
              Utilities.formatString('%s has %d leads (%s)', 'Ana', 3.7, 'ok'), Utilities.parseCsv('a,"b,c"\\n1,2')];`);
    expect(result.value).toEqual([
      '21/11/2026 12:04',
      '2026-11-21',
      true,
      'Ana has 3 leads (ok)',
      [
        ['a', 'b,c'],
        ['1', '2'],
      ],
    ]);
  });

  it('sleeps on the simulated clock and refuses more than 5 minutes', () => {
    expect(run('Utilities.sleep(250000);').result.durationMs).toBe(250_000);
    expect(run('Utilities.sleep(300001);').result.error?.message).toContain('maximum is 300000');
  });
});

describe('Session, HtmlService, Logger', () => {
  it('reports the user, the script time zone and a stable temporary key', () => {
    const runtime = createGasRuntime({
      code: `function s() { return [Session.getActiveUser().getEmail(), Session.getEffectiveUser().getEmail(),
                               Session.getScriptTimeZone(), Session.getTemporaryActiveUserKey()]; }`,
      user: { email: 'ana@example.com' },
      scriptTimeZone: 'America/Sao_Paulo',
    });
    const [active, effective, tz, key] = runtime.runOrThrow('s') as string[];
    expect([active, effective, tz]).toEqual([
      'ana@example.com',
      'ana@example.com',
      'America/Sao_Paulo',
    ]);
    expect(runtime.runOrThrow('s')).toContain(key);
  });

  it('evaluates templates with escaped and raw scriptlets, in the script scope', () => {
    const runtime = createGasRuntime({
      code: `function greet() { return 'Olá'; }
        function page() { var t = HtmlService.createTemplateFromFile('Sidebar'); t.leads = ['<Ana>', 'Bia'];
          return t.evaluate().setTitle('Leads').getContent(); }`,
      htmlFiles: {
        Sidebar:
          '<h1><?!= greet() ?></h1><? for (var i = 0; i < leads.length; i++) { ?><li><?= leads[i] ?></li><? } ?><?!= include("Css") ?>',
        Css: '<style>b{}</style>',
      },
    });
    // include() is the project's own helper in Apps Script; a missing helper must fail loudly.
    expect(runtime.run('page').error?.message).toBe('include is not defined');
    const withInclude = createGasRuntime({
      code: `function include(n) { return HtmlService.createHtmlOutputFromFile(n).getContent(); }
        function page() { var t = HtmlService.createTemplateFromFile('Sidebar'); t.leads = ['<Ana>']; return t.evaluate().getContent(); }`,
      htmlFiles: { Sidebar: '<?= leads[0] ?>|<?!= include("Css") ?>', Css: '<style>b{}</style>' },
    });
    expect(withInclude.runOrThrow('page')).toBe('&lt;Ana&gt;|<style>b{}</style>');
    expect(withInclude.run('missing').error?.message).toBe('Script function not found: missing');
  });

  it('says which HTML file is missing', () => {
    const { result } = run(`HtmlService.createHtmlOutputFromFile('Nope');`, { htmlFiles: {} });
    expect(result.error?.message).toBe('No HTML file named Nope was found.');
  });

  it('keeps Logger output readable through getLog', () => {
    const { result } = run(`Logger.log('x=%s', 1); Logger.log({ a: 1 }); return Logger.getLog();`);
    expect(
      String(result.value)
        .split('\n')
        .map((l) => l.replace(/^\S+ INFO: /, '')),
    ).toEqual(['x=1', '{"a":1}']);
  });
});
