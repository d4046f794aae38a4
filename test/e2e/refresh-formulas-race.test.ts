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

describe('Refresh formulas with a sheet Sheets refuses to change', () => {
  it('recalculates the other sheets and says which one stays', async () => {
    const world = await createAddonWorld({
      runtime: {
        workbook: {
          sheets: {
            Protegida: [['=CRM_ACCOUNT()']],
            Painel: [['=CRM_ACCOUNT()']],
          },
        },
      },
    });
    const { runtime } = world;
    let swaps = 0;
    world.onServiceCall = (event) => {
      // The first sheet's swap is refused, as a protected range (or a formula of 50,000
      // characters) makes Sheets refuse it.
      if (event.name.endsWith('replaceAllWith') && ++swaps === 1) {
        throw new Error('You are trying to edit a protected cell or object.');
      }
    };
    const result = runtime.run('refreshFormulas');
    world.onServiceCall = null;
    expect(result.ok, result.error?.message).toBe(true);
    // The refused sheet's swap-back ran, then the other sheet's swap and swap-back.
    expect(swaps).toBe(4);
    expect(runtime.sheet('Protegida').getFormulas()).toEqual([['=CRM_ACCOUNT()']]);
    expect(runtime.sheet('Painel').getFormulas()).toEqual([['=CRM_ACCOUNT()']]);
    const toasts = runtime.ui.toasts().map((toast) => String(toast.message));
    expect(toasts.join('\n')).toMatch(/"Protegida" could not be recalculated/);
  });
});
