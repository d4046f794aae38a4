import type { ScheduleView } from '../../core/schedule/schedule';
import type { UiKey, Words } from './words';

/**
 * What the sidebars say about a nightly run (issue 18.1): when it runs, when next, how it last
 * went, and with whose key. No DOM here, so Node tests reach it.
 */
export interface ScheduleLines {
  kind: string;
  every: string;
  next: string;
  last: string;
  /** True when the last start failed: the line is shown as an error. */
  lastFailed: boolean;
  who: string;
}

const KIND_LABELS: Readonly<Record<ScheduleView['kind'], UiKey>> = {
  import: 'ui.jobs.kind.import',
  export: 'ui.jobs.kind.export',
};

const STATE_LABELS: Readonly<Record<string, UiKey>> = {
  queued: 'ui.progress.state.queued',
  running: 'ui.progress.state.running',
  paused: 'ui.progress.state.paused',
  done: 'ui.progress.state.done',
  failed: 'ui.progress.state.failed',
  cancelled: 'ui.progress.state.cancelled',
};

/** The day after a local YYYY-MM-DD (calendar arithmetic, no time zone). */
function tomorrowOf(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + 1)).toISOString().slice(0, 10);
}

function nextLine(view: ScheduleView, { t, hour, day }: Words): string {
  const time = hour(view.next.hour);
  if (view.next.withinHour === true) return t('ui.schedules.nextNow');
  if (view.next.day === view.today) return t('ui.schedules.nextToday', { time });
  if (view.next.day === tomorrowOf(view.today)) return t('ui.schedules.nextTomorrow', { time });
  return t('ui.schedules.nextOn', { day: day(view.next.day), time });
}

function lastLine(view: ScheduleView, words: Words): { text: string; failed: boolean } {
  const { t, day } = words;
  if (view.lastRunDay === undefined) return { text: t('ui.schedules.lastNever'), failed: false };
  const when = day(view.lastRunDay);
  if (view.lastError !== undefined) {
    return {
      text: t('ui.schedules.lastFailed', { day: when, error: view.lastError }),
      failed: true,
    };
  }
  if (view.last === undefined)
    return { text: t('ui.schedules.lastRunGone', { day: when }), failed: false };
  const label = STATE_LABELS[view.last.state];
  return {
    text: t('ui.schedules.lastRun', {
      day: when,
      state: label ? t(label) : view.last.state,
      message: view.last.message,
    }).trim(),
    failed: view.last.state === 'failed',
  };
}

export function describeSchedule(view: ScheduleView, words: Words): ScheduleLines {
  const { t, hour } = words;
  const last = lastLine(view, words);
  const who = view.mine
    ? t('ui.schedules.byYou')
    : view.owner
      ? t('ui.schedules.by', { who: view.owner })
      : t('ui.schedules.byOther');
  return {
    kind: t(KIND_LABELS[view.kind]),
    every: t('ui.schedules.every', { time: hour(view.hour) }),
    next: nextLine(view, words),
    last: last.text,
    lastFailed: last.failed,
    who,
  };
}
