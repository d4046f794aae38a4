import { describe, expect, it } from 'vitest';
import { createGasRuntime, type UiQuestion } from './index';

/**
 * Ui.alert / Ui.prompt with a person behind the host (the playground's page, issue 29.9): the
 * `ask` option answers what no test queued, and sees the question as the add-on worded it.
 */
describe('the runtime asks its host for the answer to an alert or prompt', () => {
  const code = `
    function ask() {
      var ui = SpreadsheetApp.getUi();
      var answer = ui.prompt('Pipeline report', 'Which pipeline?', ui.ButtonSet.OK_CANCEL);
      var sure = ui.alert('Sure?', 'Write it?', ui.ButtonSet.YES_NO);
      return [answer.getSelectedButton(), answer.getResponseText(), sure];
    }`;

  it("returns the host's answers (before: always OK and empty text)", () => {
    const asked: UiQuestion[] = [];
    const runtime = createGasRuntime({
      code,
      ask: (question) => {
        asked.push(question);
        return question.type === 'prompt' ? { button: 'OK', text: 'Parcerias' } : { button: 'NO' };
      },
    });
    expect(runtime.run('ask').value).toEqual(['OK', 'Parcerias', 'NO']);
    expect(asked).toEqual([
      { type: 'prompt', title: 'Pipeline report', prompt: 'Which pipeline?', buttons: 'OK_CANCEL' },
      { type: 'alert', title: 'Sure?', prompt: 'Write it?', buttons: 'YES_NO' },
    ]);
    expect(runtime.ui.alerts().map((a) => a.response)).toEqual(['OK', 'NO']);
  });

  it('a queued answer comes first; a host with no answer leaves the default button', () => {
    const runtime = createGasRuntime({ code, ask: () => undefined });
    runtime.ui.respond('CANCEL');
    expect(runtime.run('ask').value).toEqual(['CANCEL', '', 'YES']);
  });
});
