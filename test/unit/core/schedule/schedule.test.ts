import { describe, expect, it } from 'vitest';
import {
  dueSchedules,
  parseScheduleInput,
  type Schedule,
  upsertSchedule,
} from '../../../../src/core/schedule/schedule';

describe('parseScheduleInput', () => {
  it('keeps the job options and makes a nightly export a sync', () => {
    expect(
      parseScheduleInput({ kind: 'export', sheet: ' Leads ', hour: 2, filters: { tags: ['vip'] } }),
    ).toEqual({
      kind: 'export',
      sheet: 'Leads',
      hour: 2,
      options: { filters: { tags: ['vip'] }, mode: 'sync' },
    });
    expect(
      parseScheduleInput({ kind: 'export', sheet: 'L', hour: 0, mode: 'replace' }).options,
    ).toEqual({ mode: 'replace' });
    expect(
      parseScheduleInput({ kind: 'import', sheet: 'L', hour: 23, matchBy: 'email' }).options,
    ).toEqual({ matchBy: 'email' });
  });

  it.each([
    [undefined, /needs an object/],
    [{ kind: 'send', sheet: 'L', hour: 1 }, /kind must be "import" or "export"/],
    [{ kind: 'import', hour: 1 }, /sheet must be/],
    [{ kind: 'import', sheet: 'L', hour: 24 }, /hour must be a whole hour from 0 to 23/],
    [{ kind: 'import', sheet: 'L', hour: 1.5 }, /hour must be/],
  ])('rejects %j', (input, message) => {
    expect(() => parseScheduleInput(input)).toThrow(message);
  });
});

describe('dueSchedules', () => {
  const at2: Schedule = { kind: 'export', sheet: 'A', hour: 2, options: {} };
  const at5: Schedule = { kind: 'import', sheet: 'B', hour: 5, options: {} };

  it('starts a schedule once its hour has come, once a day', () => {
    expect(dueSchedules([at2, at5], { day: '2026-11-23', hour: 1 })).toEqual([]);
    expect(dueSchedules([at2, at5], { day: '2026-11-23', hour: 3 })).toEqual([at2]);
    const ran = { ...at2, lastRunDay: '2026-11-23' };
    expect(dueSchedules([ran, at5], { day: '2026-11-23', hour: 23 })).toEqual([at5]);
    expect(dueSchedules([ran], { day: '2026-11-24', hour: 2 })).toEqual([ran]);
  });

  it('keeps one schedule per sheet', () => {
    const replaced = upsertSchedule([at2, at5], { ...at2, hour: 7 });
    expect(replaced.map((s) => [s.sheet, s.hour])).toEqual([
      ['B', 5],
      ['A', 7],
    ]);
  });
});
