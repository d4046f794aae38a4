import { describe, expect, it } from 'vitest';
import { createDialogs } from '../../scripts/playground/dialogs';

/** The playground's Ui.alert / Ui.prompt: a call the page made waits for the page's answer. */
describe('playground dialogs', () => {
  const question = {
    type: 'prompt' as const,
    title: 'Pipeline report',
    prompt: 'Which?',
    buttons: 'OK_CANCEL',
  };

  it('a call the page made waits, showing the question, until the answer comes in', () => {
    let yields = 0;
    const dialogs = createDialogs(() => {
      yields++;
      const open = dialogs.waiting();
      expect(open).toMatchObject(question);
      // The page answers at the third look, as a person takes a moment.
      if (yields === 3)
        expect(dialogs.answer({ id: open?.id, button: 'OK', text: 'Parcerias' })).toEqual({
          ok: true,
        });
    });
    expect(dialogs.asking(() => dialogs.ask(question))).toEqual({
      button: 'OK',
      text: 'Parcerias',
    });
    expect(yields).toBe(3);
    expect(dialogs.waiting()).toBeNull();
  });

  it('refuses a button the dialog does not have, and a dialog no longer open', () => {
    const answers: unknown[] = [];
    const dialogs = createDialogs(() => {
      const id = dialogs.waiting()?.id;
      answers.push(dialogs.answer({ id, button: 'YES' }));
      answers.push(dialogs.answer({ id: 999, button: 'OK' }));
      dialogs.answer({ id, button: 'CLOSE' });
    });
    expect(dialogs.asking(() => dialogs.ask(question))).toEqual({ button: 'CLOSE', text: '' });
    expect(answers).toEqual([
      { ok: false, error: 'Send button as one of OK, CANCEL, CLOSE.' },
      { ok: false, error: 'That dialog is no longer open.' },
    ]);
  });

  it('no one to ask (a test or trigger calling the runtime): the default; no answer in time: closed', () => {
    const dialogs = createDialogs(() => {}, { longestWaitMs: 50 });
    expect(dialogs.ask(question)).toBeUndefined();
    expect(dialogs.asking(() => dialogs.ask(question))).toEqual({ button: 'CLOSE', text: '' });
  });
});
