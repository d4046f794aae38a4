import { it } from 'vitest';
import { createPushWorld } from './push-harness';

it('debug', async () => {
  const w = await createPushWorld(20);
  const [a, b] = w.ids as [number, number];
  w.set(a, 'Valor', 'R$ 9.500,50');
  w.set(b, 'Nome', 'X Y');
  const run = w.run('crmPushChanges', { sheet: 'Export' });
  console.log(run.counts, w.status(a), w.detail(a), w.lead(a).value);
  const rev = w.run('crmRevertPush', run.jobId);
  console.log(
    rev.state,
    rev.message,
    w.status(a),
    w.detail(a),
    w.lead(a).value,
    w.status(b),
    w.detail(b),
  );
  console.log(w.writes());
});
