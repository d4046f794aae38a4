/**
 * A transient Sheets failure ("Service Spreadsheets timed out") at any Sheets call of a send:
 * the engine retries the step from its last checkpoint (issue 16 item 3), which may come
 * after its batch left. No lead may be messaged twice, and the job must not fail.
 *
 * One failing Sheets call a seed, at a random call of the first execution; SEND_TRANSIENT_SEEDS
 * seeds (default 24).
 */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../unit/core/jobs/fakes';
import {
  createSendWorld,
  DOCUMENT_SEND,
  forgetSendRecord,
  generateSendSheet,
  type SendWorld,
  SHEET,
} from './send-harness';

const SEEDS = Number(process.env.SEND_TRANSIENT_SEEDS) || 24;
const ROWS = 12;
const TIMED_OUT = 'Service Spreadsheets timed out while accessing document with id 1abc.';

function reset(world: SendWorld, seed: number): void {
  world.sandbox.reset();
  forgetSendRecord(world);
  world.clock.advance(61_000);
  const model = world.runtime.sheet(SHEET);
  model.deleteRows(1, model.lastRow());
  const sheet = generateSendSheet(world.sandbox, ROWS, seed);
  model.setValues(1, 1, [sheet.header, ...sheet.rows]);
}

const isSheets = (name: string) => /^(Spreadsheet|Sheet|Range)\b/.test(name);

describe('a transient Sheets failure during a send', () => {
  it('is retried without messaging a lead twice', async () => {
    const world = await createSendWorld({
      sheet: (sandbox) => generateSendSheet(sandbox, ROWS, 1),
    });
    reset(world, 1);
    let sheetCalls = 0;
    world.runtime.execute({
      fn: 'crmSendTemplate',
      args: [DOCUMENT_SEND],
      failServiceCall: ({ name }) => {
        if (isSheets(name)) sheetCalls += 1;
        return undefined;
      },
    });
    expect(sheetCalls).toBeGreaterThan(20);
    const failures: string[] = [];
    for (let seed = 1; seed <= SEEDS; seed++) {
      reset(world, seed);
      const failAt = 1 + Math.floor(seededRandom(seed)() * sheetCalls);
      let seen = 0;
      world.runtime.execute({
        fn: 'crmSendTemplate',
        args: [DOCUMENT_SEND],
        failServiceCall: ({ name }) =>
          isSheets(name) && ++seen === failAt ? TIMED_OUT : undefined,
      });
      world.runtime.runUntilIdle({ maxExecutions: 40 });
      const twice = [...world.messagesByLead()].filter(([, ids]) => ids.length > 1);
      const job = world.lastJob();
      if (twice.length > 0 || job.state !== 'done') {
        failures.push(
          `seed ${seed} (Sheets call ${failAt}): ${job.state}, twice: ${twice.map(([l]) => l).join(', ')}`,
        );
      }
    }
    console.log(`${SEEDS} seeds over ${sheetCalls} Sheets calls: ${failures.length} failed`);
    expect(failures, `${failures.length} of ${SEEDS} seeds`).toEqual([]);
  }, 300_000);
});
