import type { Translate } from '../i18n';
import { countSendRows, type SendAnalysis, sentSince } from './rows';

/**
 * The job's closing message: what this send did (rows SENT by it, settled or skipped by it),
 * then what earlier sends had done already, never counted as sent now (issue 18 item 8).
 */
export function finishedMessage(
  t: Translate,
  analysis: SendAnalysis,
  since: number,
  unplaced: number,
): string {
  const { counts } = countSendRows(analysis);
  const sentNow = sentSince(analysis, since);
  const earlier = counts.SENT - sentNow;
  const parts: string[] = [t('send.message.sent', { count: sentNow })];
  if (counts.SKIPPED > 0) parts.push(t('send.message.skipped', { count: counts.SKIPPED }));
  if (counts.FAILED > 0) parts.push(t('send.message.failed', { count: counts.FAILED }));
  if (counts.UNCERTAIN > 0) parts.push(t('send.message.uncertain', { count: counts.UNCERTAIN }));
  if (earlier > 0) parts.push(t('send.message.sentBefore', { count: earlier }));
  if (analysis.decisions.every((d) => d.kind === 'blank')) return t('send.message.empty');
  return [
    t('send.message.finished', { parts: parts.join('; ') }),
    ...(counts.UNCERTAIN > 0 ? [t('send.message.uncertainHint')] : []),
    ...(unplaced > 0 ? [t('send.message.unplaced', { count: unplaced })] : []),
  ].join(' ');
}
