/**
 * Lead actions `message` settles a lost answer from the lead's conversation: a message at or
 * after the attempt means it went out. The message's time is the CRM's clock and the attempt's
 * ours; with the CRM's clock minutes behind, a message that went out looks older than the
 * attempt and the lead is messaged twice; minutes ahead, the lead's own earlier message looks
 * newer and a message that never left passes for sent. The add-on reads the CRM's clock from
 * its `Date` header (issue 16). Each seed skews the sandbox's clock ACTIONS_SKEW_SECONDS
 * (default 150) one way and loses one message's answer (behind: after the CRM sent it; ahead:
 * before it reached the CRM). ACTIONS_SKEW_SEEDS seeds per direction (default 12).
 */
import { describe, expect, it } from 'vitest';
import { DEMO } from '../../sandbox/index';
import { seededRandom } from '../unit/core/jobs/fakes';
import {
  ACTION_HEADER,
  type ActionsWorld,
  createActionsWorld,
  leadRows,
  plainLeads,
  runJob,
  SHEET,
} from './actions-harness';

const SEEDS = Number(process.env.ACTIONS_SKEW_SEEDS) || 12;
const SKEW_MS = (Number(process.env.ACTIONS_SKEW_SECONDS) || 150) * 1000;
const ROWS = 4;

/** Outbound messages per lead since the seed began. */
function outbound(world: ActionsWorld, known: Set<number>): Map<number, number> {
  const state = world.sandbox.state;
  const leadOf = new Map(state.conversations.map((c) => [c.id, c.lead_id]));
  const per = new Map<number, number>();
  for (const m of state.messages) {
    if (known.has(m.id) || m.direction !== 'out') continue;
    const lead = leadOf.get(m.conversation_id) ?? 0;
    per.set(lead, (per.get(lead) ?? 0) + 1);
  }
  return per;
}

function oneSeed(world: ActionsWorld, seed: number, direction: 'behind' | 'ahead'): string[] {
  const random = seededRandom(seed);
  world.sandbox.reset();
  world.clock.advance(61_000);
  const withPhone = plainLeads(world.sandbox, 200).filter((l) => l.phone);
  const start = Math.floor(random() * (withPhone.length - ROWS));
  const ids = withPhone.slice(start, start + ROWS).map((l) => l.id);
  const model = world.runtime.sheet(SHEET);
  model.deleteRows(1, model.lastRow());
  model.setValues(1, 1, [ACTION_HEADER, ...leadRows(world.sandbox, ids)]);
  world.sandbox.configure({ clockSkewMs: direction === 'behind' ? -SKEW_MS : SKEW_MS });
  // Each lead wrote 5 to 100 s before the run (its 24-hour window is open).
  for (const id of ids) world.sandbox.simulateInbound(id, DEMO.instances.cloud);
  world.clock.advance(5_000 + Math.floor(random() * 95_000));
  const lost = ids[Math.floor(random() * ids.length)] ?? 0;
  world.sandbox.faults.add({
    kind: 'drop',
    afterHandler: direction === 'behind',
    pathPrefix: `/leads/${lost}/send-chatapp`,
  });
  const known = new Set(world.sandbox.state.messages.map((m) => m.id));
  runJob(world, 'crmLeadActions', {
    sheet: SHEET,
    action: 'message',
    params: { text: 'Olá {{Nome}}', instanceId: DEMO.instances.cloud },
  });
  const per = outbound(world, known);
  const statuses = world.statuses();
  const found: string[] = [];
  ids.forEach((id, i) => {
    if ((per.get(id) ?? 0) !== 1) found.push(`lead ${id}: ${per.get(id) ?? 0} messages`);
    if (statuses[i] !== 'DONE') found.push(`lead ${id}: ${statuses[i]}`);
  });
  if (!world.sandbox.requests().some((r) => r.fault === 'drop')) found.push('no answer lost');
  return found.length > 0 ? [`seed ${seed} (lost ${lost}): ${found.join('; ')}`] : [];
}

async function runSeeds(direction: 'behind' | 'ahead'): Promise<string[]> {
  const world = await createActionsWorld({ rows: () => [] });
  const failures: string[] = [];
  for (let seed = 1; seed <= SEEDS; seed++) failures.push(...oneSeed(world, seed, direction));
  world.sandbox.configure({ clockSkewMs: 0 });
  console.log(
    `CRM clock ${SKEW_MS / 1000} s ${direction}: ${failures.length} of ${SEEDS} seeds wrong`,
    failures.slice(0, 3),
  );
  return failures;
}

describe("lead actions message settled with the CRM's clock off from ours", () => {
  it('a CRM clock behind ours: a message that went out is not sent again', async () => {
    expect(await runSeeds('behind')).toEqual([]);
  }, 300_000);
  it('a CRM clock ahead of ours: the lead’s earlier message does not pass for ours', async () => {
    expect(await runSeeds('ahead')).toEqual([]);
  }, 300_000);
});
