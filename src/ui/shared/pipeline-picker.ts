import type { PipelineChoice } from '../../addon/ui-api';
import { byId, h } from './dom';
import { t } from './i18n';
import { callServer } from './server';

/**
 * The Import sidebar's "new leads go to" pickers (issue 18.5): the account's pipelines with its
 * default one chosen and named as such, and the chosen pipeline's stages with the first one
 * chosen: the account's default pipeline and its first stage, where PRODUCT.md puts new leads,
 * sent by name, so what the picker shows is what happens whatever the import does without them.
 */
function option(value: string, label: string, selected = false): HTMLOptionElement {
  return h('option', { value, selected }, label);
}

function fillStages(stageId: string, pipeline: PipelineChoice | undefined): void {
  const [first, ...rest] = pipeline?.stages ?? [];
  byId<HTMLSelectElement>(stageId).replaceChildren(
    first === undefined
      ? option('', t('ui.pipeline.firstStage'), true)
      : option(first, t('ui.pipeline.first', { name: first }), true),
    ...rest.map((name) => option(name, name)),
  );
}

export async function fillPipelinePicker(pipelineId: string, stageId: string): Promise<void> {
  const pipelineSelect = byId<HTMLSelectElement>(pipelineId);
  let pipelines: PipelineChoice[] = [];
  try {
    ({ pipelines } = await callServer('uiListPipelines'));
  } catch {
    // No key yet, or the CRM is away: the import still goes to the account's defaults.
  }
  const fallback = pipelines.find((p) => p.isDefault);
  pipelineSelect.replaceChildren(
    ...(fallback === undefined ? [option('', t('ui.pipeline.accountDefault'), true)] : []),
    ...pipelines.map((p) =>
      p.isDefault
        ? option(p.name, t('ui.pipeline.default', { name: p.name }), true)
        : option(p.name, p.name),
    ),
  );
  const chosen = () => pipelines.find((p) => p.name === pipelineSelect.value);
  fillStages(stageId, chosen());
  pipelineSelect.addEventListener('change', () => fillStages(stageId, chosen()));
}
