import { describe, expect, it } from 'vitest';
import { createGasRuntime, DEFAULT_START_TIME, type GasRuntimeOptions } from './index';
import { zonedToEpoch } from './time-zone';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const code = `
  function after(ms) { return ScriptApp.newTrigger('tick').timeBased().after(ms).create().getUniqueId(); }
  function every(kind, n) { ScriptApp.newTrigger('tick').timeBased()[kind](n).create(); }
  function daily(hour) { ScriptApp.newTrigger('tick').timeBased().everyDays(1).atHour(hour).create(); }
  function tick(e) { SpreadsheetApp.getActiveSheet().appendRow([new Date(), e.triggerUid, e.authMode]); }
  function chain(e) {
    // the one-off chain a bound script uses to continue a job: delete the trigger that fired, schedule the next
    ScriptApp.getProjectTriggers().forEach(function (t) { if (t.getUniqueId() === e.triggerUid) ScriptApp.deleteTrigger(t); });
    var s = SpreadsheetApp.getActiveSheet(); s.appendRow([s.getLastRow() + 1]);
    if (s.getLastRow() < 3) ScriptApp.newTrigger('chain').timeBased().after(60000).create();
  }
  function startChain() { ScriptApp.newTrigger('chain').timeBased().after(60000).create(); }
  function list() { return ScriptApp.getProjectTriggers().map(function (t) { return [t.getHandlerFunction(), t.getEventType()]; }); }
  function deleteAll() { ScriptApp.getProjectTriggers().forEach(function (t) { ScriptApp.deleteTrigger(t); }); }
  function many() { for (var i = 0; i < 21; i++) ScriptApp.newTrigger('tick').timeBased().everyHours(1).create(); }
  function onOpen(e) { ScriptApp.newTrigger('tick').timeBased().after(1).create(); }`;

// Trigger arithmetic is checked to the millisecond, so these run on the fixed cost model (exact
// trigger times, free sheet calls); costs.test.ts checks the realistic model's late triggers.
const make = (options: GasRuntimeOptions = {}) =>
  createGasRuntime({ code, costs: { model: 'fixed', sheetCallMs: 0 }, ...options });
const firedTimes = (runtime: ReturnType<typeof make>) =>
  runtime
    .sheet('Sheet1')
    .getValues()
    .map((row) => (row[0] as Date).getTime() - DEFAULT_START_TIME);

describe('time-driven triggers', () => {
  it('fires a one-off trigger when due, with the event object, and keeps it listed afterwards', () => {
    const runtime = make();
    const uid = runtime.runOrThrow('after', 5 * MINUTE);
    expect(runtime.fireDueTriggers()).toEqual([]);
    runtime.advance(5 * MINUTE - 1);
    expect(runtime.fireDueTriggers()).toEqual([]);
    runtime.advance(1);
    const fired = runtime.fireDueTriggers();
    expect(fired.map((f) => [f.handler, f.triggerUid, f.result.ok, f.result.kind])).toEqual([
      ['tick', uid, true, 'trigger'],
    ]);
    // The uid string looks like a number, so the sheet stores it as one, as Sheets would.
    expect(runtime.sheet('Sheet1').getValues()[0]?.slice(1)).toEqual([Number(uid), 'FULL']);
    // Fired one-off triggers are not deleted for you: they count against the 20-trigger limit until deleted.
    expect(runtime.runOrThrow('list')).toEqual([['tick', 'CLOCK']]);
    runtime.advance(HOUR);
    expect(runtime.fireDueTriggers()).toEqual([]);
  });

  it('repeats everyMinutes(5) on schedule', () => {
    const runtime = make();
    runtime.runOrThrow('every', 'everyMinutes', 5);
    const { fired, reason } = runtime.runUntilIdle({ maxSimulatedMs: 20 * MINUTE });
    expect(reason).toBe('maxSimulatedMs');
    expect(fired.length).toBe(4);
    expect(firedTimes(runtime)).toEqual([5, 10, 15, 20].map((m) => m * MINUTE));
  });

  it('killTrigger kills the chosen trigger execution at the chosen service call', () => {
    const runtime = make();
    runtime.runOrThrow('startChain');
    const seen: [number, string][] = [];
    const { fired } = runtime.runUntilIdle({
      killTrigger: (n, handler) => {
        seen.push([n, handler]);
        return n === 1 ? 3 : undefined;
      },
    });
    // The second chain link dies at its 4th call (before appending), so the chain ends there.
    expect(seen).toEqual([
      [0, 'chain'],
      [1, 'chain'],
    ]);
    expect(fired.map((f) => [f.result.killed, f.result.serviceCalls])).toEqual([
      [false, fired[0]?.result.serviceCalls],
      [true, 4],
    ]);
    expect(runtime.sheet('Sheet1').getValues()).toEqual([[1]]);
  });

  it('runs everyDays(1).atHour(h) at that hour of the script time zone', () => {
    const runtime = make({ scriptTimeZone: 'America/Sao_Paulo' });
    runtime.runOrThrow('daily', 3);
    runtime.runUntilIdle({ maxSimulatedMs: 2 * 24 * HOUR });
    const at3 = zonedToEpoch('America/Sao_Paulo', 2026, 11, 24, 3);
    expect(firedTimes(runtime).map((t) => t + DEFAULT_START_TIME)).toEqual([at3, at3 + 24 * HOUR]);
  });

  it.each([
    [
      'everyMinutes',
      7,
      'ClockTriggerBuilder.everyMinutes(7): the value must be one of 1, 5, 10, 15, 30.',
    ],
    [
      'everyHours',
      3,
      'ClockTriggerBuilder.everyHours(3): the value must be one of 1, 2, 4, 6, 8, 12.',
    ],
  ])('%s(%i) is refused', (kind, n, message) => {
    expect(make().run('every', kind, n).error?.message).toBe(message);
  });

  it('chains one-off triggers a minute apart until the work is done', () => {
    const runtime = make();
    runtime.runOrThrow('startChain');
    const { fired, reason } = runtime.runUntilIdle();
    expect(reason).toBe('idle');
    expect(fired.map((f) => f.dueAt - DEFAULT_START_TIME)).toEqual(
      [1, 2, 3].map((m) => m * MINUTE),
    );
    expect(runtime.triggers()).toEqual([]);
  });

  it('deletes triggers and stops at 20 per user', () => {
    const runtime = make();
    expect(runtime.run('many').error?.message).toBe(
      'This script has too many triggers. Triggers must be deleted from the script before more can be added.',
    );
    expect(runtime.triggers().length).toBe(20);
    runtime.runOrThrow('deleteAll');
    expect(runtime.triggers()).toEqual([]);
  });

  it('keeps triggers per user and runs them as their owner', () => {
    const runtime = make({ user: { email: 'ana@example.com' } });
    runtime.runOrThrow('after', MINUTE);
    runtime.setUser('bia@example.com');
    expect(runtime.runOrThrow('list')).toEqual([]);
    runtime.advance(MINUTE);
    const [fired] = runtime.fireDueTriggers();
    expect(runtime.triggers()[0]?.userEmail).toBe('ana@example.com');
    expect(fired?.result.ok).toBe(true);
  });

  it('refuses trigger management in a simple trigger (AuthMode.LIMITED)', () => {
    const result = make().execute({
      fn: 'onOpen',
      authMode: 'LIMITED',
      event: { authMode: 'LIMITED' },
    });
    expect(result.error?.message).toContain(
      'You do not have permission to call ClockTriggerBuilder.create',
    );
  });
});

describe('published add-on rules', () => {
  // "Add-ons can use time-driven triggers at most once per hour" and "only one trigger of each
  // type, per user, per document": https://developers.google.com/apps-script/guides/triggers/installable
  it('refuses everyMinutes', () => {
    expect(make({ publishedAddon: true }).run('every', 'everyMinutes', 1).error?.message).toContain(
      'at most once per hour',
    );
  });

  it('allows one time-driven trigger per user', () => {
    const runtime = make({ publishedAddon: true });
    runtime.runOrThrow('after', MINUTE);
    expect(runtime.run('after', MINUTE).error?.message).toContain(
      'only have one trigger of each type',
    );
  });

  it('spaces a one-minute chain an hour apart', () => {
    const runtime = make({ publishedAddon: true });
    runtime.runOrThrow('startChain');
    const { fired } = runtime.runUntilIdle();
    expect(fired.map((f) => f.result.startedAt - DEFAULT_START_TIME)).toEqual([
      MINUTE,
      MINUTE + HOUR,
      MINUTE + 2 * HOUR,
    ]);
  });

  it('runs an everyHours(1) trigger hourly', () => {
    const runtime = make({ publishedAddon: true });
    runtime.runOrThrow('every', 'everyHours', 1);
    runtime.runUntilIdle({ maxSimulatedMs: 3 * HOUR });
    expect(firedTimes(runtime)).toEqual([HOUR, 2 * HOUR, 3 * HOUR]);
  });
});
