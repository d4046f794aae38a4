import type { SpecIssue } from './issues';
import { fold } from './text';
import { isPlainObject } from './validate';

/**
 * The one table that both GET /pipelines/capabilities prints and the validator enforces, so the
 * two can never disagree.
 */
export const PIPELINE_CAPABILITIES = {
  fields: {
    pipeline: {
      name: { type: 'string', required: true, max_length: 100, unique: 'per account' },
      color: { type: 'string', format: 'hex #RRGGBB', default: '#3B82F6' },
      auto_create_from_chatapp: { type: 'boolean', default: false },
      auto_create_from_social: { type: 'boolean', default: false },
      stages: { type: 'array', required: true, min_items: 1, max_items: 20, ordered: true },
      validate_only: { type: 'boolean', default: false },
    },
    stage: {
      name: {
        type: 'string',
        required: true,
        max_length: 60,
        unique: 'per pipeline; PUT matches stages by name',
      },
      color: { type: 'string', format: 'hex #RRGGBB', default: 'from a palette, by position' },
      is_won: { type: 'boolean', default: false },
      is_lost: { type: 'boolean', default: false },
      required_tasks: { type: 'array', max_items: 10 },
    },
    required_task: {
      subject: {
        type: 'string',
        required: true,
        max_length: 120,
        unique: 'per stage; PUT matches tasks by subject',
      },
      task_type: { type: 'string', enum: 'task_type', default: 'other' },
      priority: { type: 'string', enum: 'priority', default: 'medium' },
    },
  },
  enums: {
    task_type: ['call', 'email', 'meeting', 'whatsapp', 'visit', 'follow_up', 'proposal', 'other'],
    priority: ['low', 'medium', 'high', 'urgent'],
  },
  limits: {
    name_max_length: 100,
    stage_name_max_length: 60,
    task_subject_max_length: 120,
    max_stages: 20,
    max_required_tasks_per_stage: 10,
    max_pipelines_per_account: 50,
  },
  update_rules: [
    'PUT replaces the whole spec: send the complete object (GET /pipelines/{id} first).',
    'Stages are matched by name (case- and accent-insensitive); matched stages keep their id and their leads.',
    'Required tasks are matched by subject within their stage.',
    'Removing a stage that still has leads is rejected with stage_has_leads; move the leads first.',
    'A pipeline without a won stage and a lost stage is saved with a warning.',
    'auto_create_from_chatapp and auto_create_from_social default to false through the API.',
    'POST never overwrites: an existing name gives name_conflict.',
  ],
} as const;

const STAGE_PALETTE = ['#94A3B8', '#3B82F6', '#8B5CF6', '#F59E0B', '#F97316', '#22C55E', '#EF4444'];
const HEX = /^#[0-9a-fA-F]{6}$/;

export interface RequiredTaskSpec {
  subject: string;
  task_type: string;
  priority: string;
}

export interface StageSpec {
  name: string;
  color: string;
  is_won: boolean;
  is_lost: boolean;
  required_tasks: RequiredTaskSpec[];
}

export interface PipelineSpec {
  name: string;
  color: string;
  auto_create_from_chatapp: boolean;
  auto_create_from_social: boolean;
  stages: StageSpec[];
}

export interface PipelineCheck {
  errors: SpecIssue[];
  warnings: SpecIssue[];
  spec?: PipelineSpec;
}

/** Validates a pipeline spec body; `spec` is set only when there are no errors. */
export function checkPipelineSpec(body: unknown): PipelineCheck {
  const errors: SpecIssue[] = [];
  const warnings: SpecIssue[] = [];
  const limits = PIPELINE_CAPABILITIES.limits;
  const enums = PIPELINE_CAPABILITIES.enums;
  const input = isPlainObject(body) ? body : {};
  const fail = (path: string, code: string, message: string) =>
    errors.push({ path, code, message });

  const name = text(input.name);
  if (name === undefined) fail('name', 'required', 'Informe o nome do funil (name).');
  else if (name.length > limits.name_max_length) {
    fail(
      'name',
      'too_long',
      `O nome do funil pode ter no máximo ${limits.name_max_length} caracteres.`,
    );
  }
  const color = input.color === undefined || input.color === null ? '#3B82F6' : input.color;
  if (typeof color !== 'string' || !HEX.test(color))
    fail('color', 'invalid_value', 'color deve ser uma cor hex no formato #RRGGBB.');
  const flags = {} as Record<'auto_create_from_chatapp' | 'auto_create_from_social', boolean>;
  for (const flag of ['auto_create_from_chatapp', 'auto_create_from_social'] as const) {
    const value = input[flag];
    if (value !== undefined && value !== null && typeof value !== 'boolean') {
      fail(flag, 'invalid_type', `${flag} deve ser true ou false.`);
    }
    flags[flag] = value === true;
  }

  const stages: StageSpec[] = [];
  if (!Array.isArray(input.stages) || input.stages.length === 0) {
    fail('stages', 'required', 'Informe ao menos uma etapa em stages (em ordem).');
  } else if (input.stages.length > limits.max_stages) {
    fail('stages', 'too_many', `Um funil pode ter no máximo ${limits.max_stages} etapas.`);
  } else {
    const seen = new Set<string>();
    input.stages.forEach((raw: unknown, index: number) => {
      const path = `stages[${index}]`;
      if (!isPlainObject(raw)) {
        fail(
          path,
          'invalid_type',
          `${path} deve ser um objeto {name, is_won, is_lost, required_tasks}.`,
        );
        return;
      }
      const stageName = text(raw.name);
      if (stageName === undefined)
        fail(`${path}.name`, 'required', `Informe o nome da etapa em ${path}.name.`);
      else if (stageName.length > limits.stage_name_max_length) {
        fail(
          `${path}.name`,
          'too_long',
          `O nome da etapa pode ter no máximo ${limits.stage_name_max_length} caracteres.`,
        );
      } else if (seen.has(fold(stageName))) {
        fail(
          `${path}.name`,
          'duplicate_name',
          `A etapa "${stageName}" aparece mais de uma vez: nomes de etapa são únicos no funil.`,
        );
      } else seen.add(fold(stageName));
      const stageColor = raw.color ?? STAGE_PALETTE[index % STAGE_PALETTE.length];
      if (typeof stageColor !== 'string' || !HEX.test(stageColor)) {
        fail(
          `${path}.color`,
          'invalid_value',
          `${path}.color deve ser uma cor hex no formato #RRGGBB.`,
        );
      }
      const isWon = raw.is_won ?? false;
      const isLost = raw.is_lost ?? false;
      if (typeof isWon !== 'boolean')
        fail(`${path}.is_won`, 'invalid_type', `${path}.is_won deve ser true ou false.`);
      if (typeof isLost !== 'boolean')
        fail(`${path}.is_lost`, 'invalid_type', `${path}.is_lost deve ser true ou false.`);
      if (isWon === true && isLost === true) {
        fail(
          path,
          'invalid_value',
          `A etapa ${path} não pode ser de ganho e de perda ao mesmo tempo.`,
        );
      }
      const tasks = readRequiredTasks(raw.required_tasks, path, fail);
      stages.push({
        name: stageName ?? '',
        color: String(stageColor),
        is_won: isWon === true,
        is_lost: isLost === true,
        required_tasks: tasks,
      });
    });
    if (!stages.some((s) => s.is_won)) {
      warnings.push({
        path: 'stages',
        code: 'missing_won_stage',
        message:
          'O funil não tem etapa de ganho (is_won): leads dele não poderão ser marcados como ganhos.',
      });
    }
    if (!stages.some((s) => s.is_lost)) {
      warnings.push({
        path: 'stages',
        code: 'missing_lost_stage',
        message:
          'O funil não tem etapa de perda (is_lost): leads dele não poderão ser marcados como perdidos.',
      });
    }
  }
  function readRequiredTasks(
    raw: unknown,
    stagePath: string,
    report: (path: string, code: string, message: string) => void,
  ): RequiredTaskSpec[] {
    if (raw === undefined || raw === null) return [];
    const path = `${stagePath}.required_tasks`;
    if (!Array.isArray(raw)) {
      report(path, 'invalid_type', `${path} deve ser uma lista de {subject, task_type, priority}.`);
      return [];
    }
    if (raw.length > limits.max_required_tasks_per_stage) {
      report(
        path,
        'too_many',
        `Uma etapa pode ter no máximo ${limits.max_required_tasks_per_stage} tarefas obrigatórias.`,
      );
      return [];
    }
    const subjects = new Set<string>();
    const out: RequiredTaskSpec[] = [];
    raw.forEach((task: unknown, index: number) => {
      const taskPath = `${path}[${index}]`;
      if (!isPlainObject(task)) {
        report(
          taskPath,
          'invalid_type',
          `${taskPath} deve ser um objeto {subject, task_type, priority}.`,
        );
        return;
      }
      const subject = text(task.subject);
      if (subject === undefined)
        report(`${taskPath}.subject`, 'required', `Informe ${taskPath}.subject.`);
      else if (subject.length > limits.task_subject_max_length) {
        report(
          `${taskPath}.subject`,
          'too_long',
          `O assunto pode ter no máximo ${limits.task_subject_max_length} caracteres.`,
        );
      } else if (subjects.has(fold(subject))) {
        report(
          `${taskPath}.subject`,
          'duplicate_name',
          `A tarefa "${subject}" aparece mais de uma vez nesta etapa.`,
        );
      } else subjects.add(fold(subject));
      const taskType = task.task_type ?? 'other';
      if (
        typeof taskType !== 'string' ||
        !(enums.task_type as readonly string[]).includes(taskType)
      ) {
        report(
          `${taskPath}.task_type`,
          'invalid_value',
          `task_type inválido. Use um destes: ${enums.task_type.join(', ')}.`,
        );
      }
      const priority = task.priority ?? 'medium';
      if (
        typeof priority !== 'string' ||
        !(enums.priority as readonly string[]).includes(priority)
      ) {
        report(
          `${taskPath}.priority`,
          'invalid_value',
          `priority inválida. Use uma destas: ${enums.priority.join(', ')}.`,
        );
      }
      out.push({ subject: subject ?? '', task_type: String(taskType), priority: String(priority) });
    });
    return out;
  }

  if (errors.length > 0) return { errors, warnings };
  return {
    errors,
    warnings,
    spec: { name: name as string, color: color as string, ...flags, stages },
  };
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}
