import { describe, expect, it } from 'vitest';
import { translator } from '../../../../src/core/i18n';
import { matchByOption, optionsObject, sheetNameOption } from '../../../../src/core/jobs/options';
import type { JobRecord } from '../../../../src/core/jobs/record';
import {
  builtOnce,
  checkNoOtherJobOnSheet,
  placeStatusColumns,
  readWithStatusColumns,
  writeInRuns,
} from '../../../../src/core/jobs/row-job';

describe('writeInRuns', () => {
  it.each([
    { indexes: [], runs: [] },
    { indexes: [4], runs: [[4]] },
    { indexes: [1, 2, 3], runs: [[1, 2, 3]] },
    { indexes: [1, 2, 5, 6, 9], runs: [[1, 2], [5, 6], [9]] },
    { indexes: [3, 2], runs: [[3], [2]] },
  ])('writes $indexes as runs $runs', ({ indexes, runs }) => {
    const written: number[][] = [];
    const count = writeInRuns(
      indexes.map((index) => ({ index })),
      (run) => written.push(run.map((e) => e.index)),
      () => 0,
    );
    expect(written).toEqual(runs);
    expect(count).toBe(indexes.length);
  });

  it('stops between runs once stopAfter has passed, after writing at least one run', () => {
    let now = 10;
    const written: number[][] = [];
    const count = writeInRuns(
      [{ index: 0 }, { index: 1 }, { index: 5 }, { index: 9 }],
      (run) => {
        written.push(run.map((e) => e.index));
        now += 10;
      },
      () => now,
      15,
    );
    expect(written).toEqual([[0, 1]]);
    expect(count).toBe(2);
  });
});

describe('placeStatusColumns', () => {
  const fieldOf = { A: 'a', B: 'b' } as const;
  it('finds every column by field, or nothing while one is missing', () => {
    const at: Record<string, number> = { A: 4, B: 7 };
    expect(placeStatusColumns(fieldOf, ['A', 'B'], (h) => at[h])).toEqual({ a: 4, b: 7 });
    delete at.B;
    expect(placeStatusColumns(fieldOf, ['A', 'B'], (h) => at[h])).toBeUndefined();
  });
});

describe('readWithStatusColumns', () => {
  it('appends the missing headers once and reads again', () => {
    const header = ['Nome'];
    const appended: string[][] = [];
    const columnsOf = (h: string[]) => (h.includes('S') ? { status: h.indexOf('S') } : undefined);
    const result = readWithStatusColumns({
      read: () => [...header],
      columnsOf,
      missingHeaders: (h) => (h.includes('S') ? [] : ['S']),
      appendHeaders: (headers) => {
        appended.push([...headers]);
        header.push(...headers);
      },
      t: translator('en'),
    });
    expect(appended).toEqual([['S']]);
    expect(result).toEqual({ read: ['Nome', 'S'], columns: { status: 1 } });
  });

  it('names the columns when the sheet does not take them, in the job’s language', () => {
    const sheet = {
      read: () => ['Nome'],
      columnsOf: () => undefined,
      missingHeaders: () => ['CRM Send Status', 'CRM Sent At'],
      appendHeaders: () => [],
    };
    expect(() => readWithStatusColumns({ ...sheet, t: translator('en') })).toThrow(
      'The status columns (CRM Send Status, CRM Sent At) could not be added to the sheet',
    );
    expect(() => readWithStatusColumns({ ...sheet, t: translator('pt') })).toThrow(
      'Não foi possível acrescentar as colunas de status (CRM Send Status, CRM Sent At) à planilha',
    );
  });
});

describe('builtOnce', () => {
  it('builds on first use, keeps the value, and builds again after a failed build', () => {
    let builds = 0;
    let fail = true;
    const get = builtOnce(() => {
      builds += 1;
      if (fail) throw new Error('not yet');
      return { builds };
    });
    expect(get).toThrow('not yet');
    fail = false;
    const first = get();
    expect(get()).toBe(first);
    expect(builds).toBe(2);
  });
});

describe('checkNoOtherJobOnSheet', () => {
  const job = (state: JobRecord['state'], sheetId: number, kind = 'send'): JobRecord => ({
    jobId: `j-${state}-${sheetId}`,
    kind,
    state,
    createdAt: 0,
    updatedAt: 0,
    total: 0,
    done: 0,
    counts: {},
    message: '',
    options: { sheetId },
    cursor: null,
  });
  const target = { kind: 'send', jobName: 'Send', sheetId: 7, sheetName: 'Clientes' };

  it.each(['queued', 'running'] as const)('refuses while a %s job is on the sheet', (state) => {
    expect(() => checkNoOtherJobOnSheet([job(state, 7)], target)).toThrow(
      `Send j-${state}-7 is already ${state} on "Clientes": let it finish, resume it with crmResumeJob("j-${state}-7")`,
    );
  });

  // Issue 16.3: a failed job may be resumed, so it holds its sheet until it is cancelled.
  it.each(['paused', 'failed'] as const)('refuses while a %s job is on the sheet', (state) => {
    expect(() => checkNoOtherJobOnSheet([job(state, 7)], target)).toThrow(
      `Send j-${state}-7 is already ${state} on "Clientes": resume it with crmResumeJob("j-${state}-7") or cancel it`,
    );
  });

  it('lets done and cancelled jobs, other sheets, other kinds and the job resumed be', () => {
    const jobs = [
      job('done', 7),
      job('cancelled', 7),
      job('running', 8),
      job('running', 7, 'import'),
    ];
    expect(() => checkNoOtherJobOnSheet(jobs, target)).not.toThrow();
    expect(() => checkNoOtherJobOnSheet([job('failed', 7)], target, 'j-failed-7')).not.toThrow();
  });
});

describe('option checks', () => {
  it.each([
    [null, 'f needs an options object such as {x: 1}.'],
    [[1], 'f needs an options object such as {x: 1}.'],
    [{ y: 1 }, 'Unknown option "y"; f takes sheet, x.'],
    [{ y: 1, z: 2 }, 'Unknown options "y", "z"; f takes sheet, x.'],
  ])('optionsObject(%j) says what to fix', (input, message) => {
    expect(() => optionsObject(input, 'f', ['sheet', 'x'], '{x: 1}')).toThrow(message);
  });

  it('ignores options set to undefined', () => {
    expect(optionsObject({ x: 1, y: undefined }, 'f', ['x'], '{x: 1}')).toEqual({
      x: 1,
      y: undefined,
    });
  });

  it('trims sheet names and refuses blank ones, naming the sheet wanted', () => {
    expect(sheetNameOption('  Leads ', 'import')).toBe('Leads');
    expect(() => sheetNameOption('  ', 'import')).toThrow(
      'sheet must be the name of the sheet to import, such as "Leads" (got "  ").',
    );
  });

  it('reads matchBy or lists the choices', () => {
    expect(matchByOption('phone')).toBe('phone');
    expect(() => matchByOption('cpf')).toThrow(
      'matchBy must be one of "email", "phone", "email_or_phone" (got "cpf").',
    );
  });
});
