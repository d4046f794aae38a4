/**
 * A send whose answer never came may still be on its way: the CRM may take the request (and
 * the provider call behind it) seconds after UrlFetch gave up, or after Apps Script killed the
 * execution that made it. Settling that UNCERTAIN row from the lead's conversation at once
 * reads "no message since the attempt", sends again, and the late request lands too: the lead
 * is messaged twice. Here the CRM holds one send request of each seed and carries it out
 * LATE ms later (at the first request it gets from then on, or at the end), as a slow CRM or
 * provider would; no lead may end with two messages.
 *
 * SEND_LATE_SEEDS seeds (default 12); each is a whole send of a few rows.
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

const SEEDS = Number(process.env.SEND_LATE_SEEDS) || 12;
const ROWS = 8;
/** The longest a request is taken to be able to reach the CRM after it was made. */
const MAX_LATE_MS = 60_000;

type Request = Parameters<SendWorld['sandbox']['handle']>[0];

function reset(world: SendWorld, seed: number): void {
  world.sandbox.reset();
  forgetSendRecord(world);
  world.clock.advance(61_000);
  const model = world.runtime.sheet(SHEET);
  model.deleteRows(1, model.lastRow());
  const sheet = generateSendSheet(world.sandbox, ROWS, seed);
  model.setValues(1, 1, [sheet.header, ...sheet.rows]);
}

describe('a send request the CRM carries out late', () => {
  it('is never settled as "nothing went out" while it may still arrive', async () => {
    const world = await createSendWorld({
      sheet: (sandbox) => generateSendSheet(sandbox, ROWS, 1),
    });
    const handle = world.sandbox.handle.bind(world.sandbox);
    const failures: string[] = [];
    let held = 0;
    for (let seed = 1; seed <= SEEDS; seed++) {
      reset(world, seed);
      const random = seededRandom(seed);
      const holdNth = 1 + Math.floor(random() * 4);
      const lateMs = 500 + Math.floor(random() * (MAX_LATE_MS - 500));
      let sends = 0;
      let pending: { request: Request; at: number } | undefined;
      const deliver = () => {
        if (!pending) return;
        const { request } = pending;
        pending = undefined;
        handle(request);
      };
      world.sandbox.handle = (request) => {
        if (pending && world.clock.now() >= pending.at + lateMs) deliver();
        if (/send-chatapp-template$/.test(request.path) && ++sends === holdNth) {
          // No answer now; the CRM carries the request out lateMs from now.
          pending = { request, at: world.clock.now() };
          held += 1;
          return { status: 0, headers: {}, body: '', drop: true };
        }
        return handle(request);
      };
      world.runtime.run('crmSendTemplate', DOCUMENT_SEND);
      world.runtime.runUntilIdle({ maxExecutions: 40 });
      deliver();
      world.sandbox.handle = handle;
      const twice = [...world.messagesByLead()].filter(([, ids]) => ids.length > 1);
      if (twice.length > 0) {
        failures.push(
          `seed ${seed} (late ${lateMs} ms): leads ${twice.map(([l]) => l).join(', ')}`,
        );
      }
    }
    console.log(
      `${SEEDS} seeds, ${held} requests held: ${failures.length} with a lead messaged twice`,
    );
    expect(held).toBeGreaterThan(SEEDS / 2);
    expect(failures, `${failures.length} of ${SEEDS} seeds`).toEqual([]);
  }, 300_000);
});
