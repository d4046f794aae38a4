import type { UiAnswer, UiQuestion } from '../../tools/gas-runtime';

/**
 * `Ui.alert` and `Ui.prompt` in the playground: as in Sheets, the call waits for the person. The
 * runtime is synchronous, so the waiting call keeps the page's requests going itself (the
 * scheduler's `yieldPoint`, as during a UrlFetchApp call): the page reads the question from
 * /state, shows it as a dialog, and POSTs /dialog with the answer, which the call then returns.
 * Only calls the page made wait (`asking`): a test or a trigger calling the runtime directly
 * gets the runtime's default answer, as no one is there to click.
 */
export interface WaitingDialog extends UiQuestion {
  id: number;
  /** The buttons its ButtonSet shows, first the main one (the page's Enter). */
  choices: string[];
}

export interface Dialogs {
  /** The runtime's `ask` option. */
  ask(question: UiQuestion): UiAnswer | undefined;
  /** Runs a call the page made: its alerts and prompts wait for the person. */
  asking<T>(work: () => T): T;
  /** The dialog on screen (the innermost, when a nested call asked too), or null. */
  waiting(): WaitingDialog | null;
  /** The page's answer: {id, button, text?}. */
  answer(body: Record<string, unknown>): { ok: boolean; error?: string };
}

/** The buttons a ButtonSet shows; CLOSE is the dialog's ×. */
const BUTTONS: Record<string, string[]> = {
  OK: ['OK'],
  OK_CANCEL: ['OK', 'CANCEL'],
  YES_NO: ['YES', 'NO'],
  YES_NO_CANCEL: ['YES', 'NO', 'CANCEL'],
};
/** Under Apps Script's 6-minute limit: an unanswered dialog closes before the call dies. */
const LONGEST_WAIT_MS = 5 * 60_000;
const POLL_MS = 20;

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

export function createDialogs(
  yieldPoint: () => void,
  options: { longestWaitMs?: number } = {},
): Dialogs {
  const open: Array<WaitingDialog & { answer?: UiAnswer }> = [];
  let asking = 0;
  let lastId = 0;

  return {
    ask(question) {
      if (asking === 0) return undefined;
      const dialog: WaitingDialog & { answer?: UiAnswer } = {
        id: ++lastId,
        ...question,
        choices: BUTTONS[question.buttons] ?? ['OK'],
      };
      open.push(dialog);
      const deadline = Date.now() + (options.longestWaitMs ?? LONGEST_WAIT_MS);
      try {
        while (dialog.answer === undefined && Date.now() < deadline) {
          yieldPoint();
          if (dialog.answer === undefined) pause(POLL_MS);
        }
      } finally {
        open.splice(open.indexOf(dialog), 1);
      }
      return dialog.answer ?? { button: 'CLOSE', text: '' };
    },
    asking(work) {
      asking++;
      try {
        return work();
      } finally {
        asking--;
      }
    },
    waiting() {
      const dialog = open.at(-1);
      if (!dialog) return null;
      const { id, type, title, prompt, buttons, choices } = dialog;
      return { id, type, title, prompt, buttons, choices };
    },
    answer({ id, button, text }) {
      const dialog = open.find((d) => d.id === id);
      if (!dialog) return { ok: false, error: 'That dialog is no longer open.' };
      const allowed = [...dialog.choices, 'CLOSE'];
      if (typeof button !== 'string' || !allowed.includes(button)) {
        return { ok: false, error: `Send button as one of ${allowed.join(', ')}.` };
      }
      if (text !== undefined && typeof text !== 'string') {
        return { ok: false, error: 'Send text as text.' };
      }
      dialog.answer = { button, text: dialog.type === 'prompt' ? (text ?? '') : '' };
      return { ok: true };
    },
  };
}
