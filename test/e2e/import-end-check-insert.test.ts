/**
 * A row a person inserts while the import makes its end check (import-twin-rows seed 24): the
 * pass's last read found nothing left to do, the end check read the whole sheet again, and
 * the row inserted between the two was in that read, unprocessed. The check found nothing to
 * repair and the job finished, leaving the row without a status. The end check's read is the
 * job's last look at the sheet: a row still to do in it is done by another pass.
 */
import { describe, expect, it } from 'vitest';
import { busySheet, createImportWorld, driveImport } from './import-harness';

const HEADER = ['Nome', 'E-mail', 'Telefone'];
const ROWS = [
  ['Ana Lima', 'ana.lima@exemplo.com.br', '(11) 98765-1001'],
  ['Bruno Reis', 'bruno.reis@exemplo.com.br', '(11) 98765-1002'],
  ['Carla Dias', 'carla.dias@exemplo.com.br', '(11) 98765-1003'],
];
const INSERTED = ['Davi Rocha', 'davi.rocha@exemplo.com.br', '(11) 98765-1004'];

describe('a row inserted as the import makes its end check', () => {
  it('gets a status before the job ends', async () => {
    const world = await createImportWorld({
      sheet: { header: HEADER, rows: [], expected: [], keys: [] },
    });
    const sheetName = 'Inserted at the end';
    const { model } = busySheet(world, sheetName, [HEADER, ...ROWS]);
    const statusColumn = () => model.getValues()[0]?.indexOf('CRM Import Status') ?? -1;
    const allMarked = () => {
      const column = statusColumn();
      return (
        column >= 0 &&
        model
          .getValues()
          .slice(1)
          .every((line) => line[column] !== '')
      );
    };
    // Two whole reads in a row that each find every row marked, with no write between: the
    // pass's last read and the end check's. The person inserts a row right before the second.
    let marked = 0;
    let inserted = false;
    const atServiceCall = (event: { name: string }) => {
      if (/^Range\.set/.test(event.name)) marked = 0;
      if (event.name !== 'Sheet.getDataRange' || inserted) return false;
      marked = allMarked() ? marked + 1 : 0;
      if (marked === 2) {
        model.insertRows(2, 1);
        model.setValues(2, 1, [INSERTED]);
        inserted = true;
      }
      return false;
    };
    const job = driveImport(world, {
      sheetName,
      importArgs: { pipeline: 'Vendas', stage: 'Novo' },
      interleave: { atServiceCall, fn: 'crmListJobs' },
      random: () => 0.99,
      startKillChance: 0,
      continueKill: { chance: 0, from: 0, calls: 1 },
      beforeRun: () => {},
    });
    expect(inserted).toBe(true);
    expect(job?.final?.state).toBe('done');
    const values = model.getValues();
    const column = statusColumn();
    // Before the fix: ['', 'CREATED', 'CREATED', 'CREATED'] (the inserted row left blank).
    expect(values.slice(1).map((line) => [line[1], line[column]])).toEqual([
      [INSERTED[1], 'CREATED'],
      ...ROWS.map((row) => [row[1], 'CREATED']),
    ]);
    const lead = world.sandbox.state.leads.find((l) => l.email === INSERTED[1]);
    expect(lead?.name).toBe(INSERTED[0]);
  });
});
