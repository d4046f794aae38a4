/**
 * Review 5: Refresh formulas puts back a CRM_ formula its TextFinder swap left different, at the
 * row and column it read before the swap. A person who inserts a row above in the seconds the
 * swap takes moves the formula down; writing it back by position then overwrote what now stood
 * there (the person's own cell) and left the formula twice. Only a cell still showing the
 * swapped text is put back.
 */
import { describe, expect, it } from 'vitest';
import { createAddonWorld } from './addon-harness';

describe('Refresh formulas while a person inserts a row', () => {
  it('never writes a formula over the cell that moved into its place', async () => {
    const world = await createAddonWorld({
      runtime: {
        workbook: {
          sheets: {
            Painel: [
              ['Conta', 'Notas'],
              ['=CRM_ACCOUNT()', 'minha nota'],
            ],
          },
        },
      },
    });
    const { runtime } = world;
    let inserted = false;
    world.onServiceCall = (event) => {
      // The first swap has run: the person inserts a row at the top and types in it.
      if (!inserted && event.name.endsWith('replaceAllWith')) {
        inserted = true;
        const sheet = runtime.sheet('Painel');
        sheet.insertRows(1, 1);
        sheet.enter(1, 1, 'inserida');
      }
    };
    const result = runtime.run('refreshFormulas');
    world.onServiceCall = null;
    expect(inserted).toBe(true);
    expect(result.ok, result.error?.message).toBe(true);
    const formulas = runtime.sheet('Painel').getFormulas();
    const values = runtime.sheet('Painel').getValues();
    expect(values[0]?.[0]).toBe('inserida');
    expect(values[1]?.[0]).toBe('Conta');
    expect(formulas[2]?.[0]).toBe('=CRM_ACCOUNT()');
    expect(formulas.flat().filter((f) => f !== '')).toEqual(['=CRM_ACCOUNT()']);
  });
});
