import { describe, expect, it } from 'vitest';
import { createImportWorld, SHEET } from './import-harness';
import { firstImportStatus, generateImportSheet } from './import-sheet';

describe('crmImportLeads end to end', () => {
  it('imports a small sheet in one call', async () => {
    const sheet = generateImportSheet(40);
    const world = await createImportWorld({ sheet });
    const result = world.runtime.run('crmImportLeads', { sheet: SHEET });
    expect(result.error).toBeUndefined();
    expect((result.value as { state: string }).state).toBe('done');
    expect(world.statuses()).toEqual(sheet.expected.map(firstImportStatus));
  });
});
