import { describe, expect, it } from 'vitest';
import {
  dueDay,
  dueSchedules,
  parseScheduleInput,
  type Schedule,
  upsertSchedule,
} from '../../../../src/core/schedule/schedule';
import { intlZone } from './intl-zone';

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

  const zone = intlZone('America/Sao_Paulo');
  const sp = (day: number, hour: number, minute = 0) => Date.UTC(2026, 10, day, hour + 3, minute);

  it('starts a schedule within its hour only, once a day (PRODUCT.md: between H:00 and H:59)', () => {
    expect(dueSchedules([at2, at5], sp(23, 1, 59), zone)).toEqual([]);
    expect(dueSchedules([at2, at5], sp(23, 2, 0), zone)).toEqual([at2]);
    expect(dueSchedules([at2, at5], sp(23, 4, 0), zone)).toEqual([]);
    const ran = { ...at2, lastRunDay: '2026-11-23' };
    expect(dueSchedules([ran, at5], sp(23, 5, 30), zone)).toEqual([at5]);
    expect(dueSchedules([ran], sp(23, 2, 40), zone)).toEqual([]);
    expect(dueSchedules([ran], sp(24, 2, 10), zone)).toEqual([ran]);
  });

  it('a late hourly firing that missed the whole hour still starts that night, late, never early', () => {
    // Apps Script does not document how regularly an hourly trigger fires: 01:59 then 03:01
    // leaves no firing inside 02:00-02:59. Before, that night was skipped without a word.
    expect(dueSchedules([at2], sp(23, 1, 59), zone)).toEqual([]);
    expect(dueSchedules([at2], sp(23, 3, 1), zone)).toEqual([at2]);
    expect(dueDay(at2, sp(23, 3, 1), zone)).toBe('2026-11-23');
    const ran = { ...at2, lastRunDay: '2026-11-23' };
    expect(dueSchedules([ran], sp(23, 3, 30), zone)).toEqual([]);
    // A run at 23:00 caught up after midnight is still the night of its own day.
    const at23: Schedule = { ...at2, hour: 23 };
    expect(dueDay(at23, sp(24, 0, 20), zone)).toBe('2026-11-23');
    expect(dueDay({ ...at23, lastRunDay: '2026-11-23' }, sp(24, 0, 20), zone)).toBeUndefined();
  });

  it('not before the first H:00 after it was saved (issue 29.3)', () => {
    const saved = { ...at2, notBefore: sp(24, 2) };
    expect(dueSchedules([saved], sp(23, 2, 30), zone)).toEqual([]);
    expect(dueSchedules([saved], sp(24, 2, 5), zone)).toEqual([saved]);
  });

  it('keeps one schedule per sheet', () => {
    const replaced = upsertSchedule([at2, at5], { ...at2, hour: 7 });
    expect(replaced.map((s) => [s.sheet, s.hour])).toEqual([
      ['B', 5],
      ['A', 7],
    ]);
  });
});
