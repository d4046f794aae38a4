/**
 * A row the CRM refused (422: INVALID with the CRM's reason), then a later row of the same key
 * that is sent: the refused row is no DUPLICATE of the later one (issue 27 item 7d: a row is
 * DUPLICATE only of an EARLIER row that is sent). The end check rewrote it DUPLICATE, so the
 * person lost the reason its own cells were refused. Runs the real bundle against the sandbox.
 */
import { describe, expect, it } from 'vitest';
import { createImportWorld, finishImport } from './import-harness';

/**
 * A real Niue number (7 digits with its country code) that the sandbox CRM refuses (it takes 8 to
 * 15 digits, which the API contract does not document): refused by the CRM, not before.
 */
const SHORT_PHONE = '+683 4002';

describe('a row the CRM refused, then a later row of its key that is sent', () => {
  it('keeps INVALID with the CRM reason; the later row is sent', async () => {
    const w = await createImportWorld({
      sheet: {
        header: ['Nome', 'E-mail', 'Telefone'],
        rows: [
          ['Ana Lima', 'ana.lima@exemplo.com.br', SHORT_PHONE],
          ['Bruno Reis', 'bruno.reis@exemplo.com.br', '(11) 98765-1002'],
          ['Ana Lima', 'ana.lima@exemplo.com.br', '(11) 98765-1001'],
        ],
        expected: [],
        keys: [],
      },
    });
    const job = finishImport(w);
    const details = w.column('CRM Import Detail').map(String);
    // Before the fix: DUPLICATE ("Same e-mail as row 4"), CREATED, CREATED.
    expect(w.statuses(), details.join(' | ')).toEqual(['INVALID', 'CREATED', 'CREATED']);
    expect(details[0]).toMatch(/^CRM refused the row: .*phone/i);
    const ana = w.sandbox.state.leads.find((l) => l.email === 'ana.lima@exemplo.com.br');
    expect(ana?.phone).toBe('+5511987651001');
    expect(w.column('CRM Lead ID')[2]).toBe(ana?.id);
    expect(w.column('CRM Lead ID')[0]).toBe('');
    expect(job?.counts).toMatchObject({ INVALID: 1, CREATED: 2, DUPLICATE: 0 });
  });
});
