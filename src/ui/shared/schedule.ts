import type { ScheduleView } from '../../core/schedule/schedule';
import { byId, h, showStatus, whileBusy } from './dom';
import { t, words } from './i18n';
import { describeSchedule } from './schedule-model';
import { callServer, errorText } from './server';

/**
 * "Every night at …" in the Import and Export sidebars (issue 18.1): schedules the sidebar's
 * current settings for the chosen sheet, says when the sheet already has a nightly run, and
 * stops it. The Jobs sidebar lists every run with its next start and last result.
 */
export interface ScheduleControlOptions {
  kind: ScheduleView['kind'];
  /** The sheet the sidebar works on now. */
  sheet(): string;
  /** The settings to run each night (the same object the sidebar's start button sends). */
  options(): Record<string, unknown>;
}

/** A nightly hour nobody is likely to be working at, and the CRM is quiet. */
const DEFAULT_HOUR = 2;

export function mountScheduleControl(box: HTMLElement, control: ScheduleControlOptions): void {
  let schedules: ScheduleView[] = [];
  const hour = h(
    'select',
    { id: 'schedule-hour' },
    ...Array.from({ length: 24 }, (_, value) =>
      h('option', { value: String(value), selected: value === DEFAULT_HOUR }, words.hour(value)),
    ),
  );
  const save = h('button', { type: 'button', id: 'schedule-save' }, t('ui.schedule.save'));
  const stop = h('button', { type: 'button', id: 'schedule-stop' }, t('ui.schedule.stop'));
  const current = h('span', { id: 'schedule-current' });
  const currentRow = h('div', { class: 'schedule-current', hidden: true }, current, ' ', stop);
  // When it starts next (the Jobs sidebar's line): the next H:00, never "within the hour" after a save.
  const next = h('div', { id: 'schedule-next', class: 'hint', hidden: true });
  box.replaceChildren(
    h(
      'fieldset',
      { class: 'schedule' },
      h('legend', {}, t('ui.schedule.legend')),
      h(
        'label',
        { for: 'schedule-hour' },
        t(control.kind === 'import' ? 'ui.schedule.importLabel' : 'ui.schedule.exportLabel'),
      ),
      h('div', { class: 'schedule-row' }, hour, save),
      currentRow,
      next,
      h('p', { class: 'hint' }, t('ui.schedule.hint', { zone: words.timeZone })),
      h('div', { id: 'schedule-status', class: 'status', hidden: true }),
    ),
  );

  const show = () => {
    const mine = schedules.find((s) => s.sheet === control.sheet().trim());
    currentRow.hidden = mine === undefined;
    next.hidden = mine === undefined;
    if (mine) {
      current.textContent = t('ui.schedule.current', { time: words.hour(mine.hour) });
      next.textContent = describeSchedule(mine, words).next;
      (hour as HTMLSelectElement).value = String(mine.hour);
    }
  };
  const load = async () => {
    try {
      schedules = await callServer('uiListSchedules');
      show();
    } catch {
      // Only the current state: scheduling still works and says what went wrong.
    }
  };
  save.addEventListener('click', () => {
    void whileBusy(save as HTMLButtonElement, async () => {
      const sheet = control.sheet().trim();
      const at = Number((hour as HTMLSelectElement).value);
      try {
        const { sheet: _ignored, ...options } = control.options();
        schedules = await callServer('uiSchedule', {
          kind: control.kind,
          sheet,
          hour: at,
          options,
        });
        showStatus(
          'schedule-status',
          t('ui.schedule.saved', { sheet, time: words.hour(at) }),
          'success',
        );
        show();
      } catch (error) {
        showStatus('schedule-status', errorText(error), 'error');
      }
    });
  });
  stop.addEventListener('click', () => {
    void whileBusy(stop as HTMLButtonElement, async () => {
      const sheet = control.sheet().trim();
      try {
        schedules = await callServer('uiUnschedule', sheet);
        showStatus('schedule-status', t('ui.schedule.stopped', { sheet }), 'success');
        show();
      } catch (error) {
        showStatus('schedule-status', errorText(error), 'error');
      }
    });
  });
  const sheetField = byId('sheet');
  sheetField.addEventListener('change', show);
  sheetField.addEventListener('input', show);
  void load();
}
