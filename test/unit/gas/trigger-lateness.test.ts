import { beforeAll, describe, expect, it } from 'vitest';
import { createGasRuntime } from '../../../tools/gas-runtime/index';
import { bundleAdapter } from './bundle-adapter';

let code = '';

/** The trigger adapter bundled alone, with globals the runtime can call. */
beforeAll(async () => {
  code = await bundleAdapter(
    `
        import {
          ensureOneOffChain, noteUnfiredTriggers, oneOffLateness, recordLateness,
        } from './src/gas/triggers';
        const active = () => SpreadsheetApp.getActive();
        globalThis.arm = (ats, now) => ensureOneOffChain(active(), ats, now, ats[ats.length - 1]);
        globalThis.triggerIds = () => ScriptApp.getProjectTriggers().map((t) => t.getUniqueId());
        globalThis.fired = (uid, lateMs) => recordLateness(active(), lateMs, uid);
        globalThis.rearm = (now) => noteUnfiredTriggers(active(), now);
        globalThis.history = () => oneOffLateness(active());`,
  );
});

interface Sample {
  ms: number;
  uid?: string;
  unfired?: boolean;
}

describe('the lateness history at a chain re-arm', () => {
  it('keeps the sample a trigger wrote while the execution worked, and counts no trigger twice', () => {
    const runtime = createGasRuntime({ code, workbook: { sheets: { Leads: [['Nome']] } } });
    const t0 = runtime.now();
    runtime.runOrThrow('arm', [t0 + 10_000, t0 + 20_000, t0 + 30_000], t0);
    const [first, second, third] = runtime.runOrThrow('triggerIds') as string[];
    // The chain's first trigger fired 5 s late while another execution of the job was working,
    // and wrote its sample; that execution re-arms at t0 + 60 s.
    runtime.runOrThrow('fired', first, 5_000);
    const history = runtime.runOrThrow('rearm', t0 + 60_000) as Sample[];
    expect(history).toEqual([
      { ms: 5_000, uid: first },
      { ms: 40_000, uid: second, unfired: true },
      { ms: 30_000, uid: third, unfired: true },
    ]);
    // The chain is kept (say no room for a new one): the next re-arm adds nothing.
    expect(runtime.runOrThrow('rearm', t0 + 90_000)).toEqual(history);
    expect(runtime.runOrThrow('history')).toEqual(history);
  });
});
