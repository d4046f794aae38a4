import {
  ACTIONS,
  AUTOMATION_LIMITS,
  type CatalogEntry,
  CONDITION_OPERATORS,
  type ConfigKey,
  type ForeignKey,
  TOKENS,
  TRIGGERS,
} from './automation-catalog';
import type { SpecIssue } from './issues';
import type {
  AutomationAction,
  AutomationCondition,
  AutomationEdge,
  AutomationNode,
  AutomationSpec,
} from './types';
import { isHttpUrl, isPlainObject } from './validate';

export interface AutomationLookups {
  exists(kind: ForeignKey, value: unknown): boolean;
  customFieldNames: readonly string[];
}

export interface AutomationCheck {
  mode: 'flat' | 'graph';
  errors: SpecIssue[];
  warnings: SpecIssue[];
  /** Set only without errors: both formats filled in. */
  spec?: AutomationSpec;
}

/**
 * Validates a flat `{name, trigger_type, trigger_config, conditions, actions}` or a graph
 * `{name, nodes, edges}` spec. A body carrying both (as GET returns it) is read as flat and the
 * graph is rebuilt from it.
 */
export function checkAutomationSpec(body: unknown, lookups: AutomationLookups): AutomationCheck {
  const input = isPlainObject(body) ? body : {};
  const mode = input.trigger_type === undefined && Array.isArray(input.nodes) ? 'graph' : 'flat';
  const errors: SpecIssue[] = [];
  const warnings: SpecIssue[] = [];
  const issue = (path: string, code: string, message: string) =>
    errors.push({ path, code, message });

  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (name === '') issue('name', 'required', 'Informe o nome da automação (name).');
  else if (name.length > AUTOMATION_LIMITS.name_max_length) {
    issue(
      'name',
      'invalid_value',
      `O nome pode ter no máximo ${AUTOMATION_LIMITS.name_max_length} caracteres.`,
    );
  }

  const parts = mode === 'flat' ? readFlat(input, issue) : readGraph(input, issue, warnings);
  if (parts) {
    checkTrigger(parts.trigger, lookups, issue);
    if (parts.conditions.length > AUTOMATION_LIMITS.max_conditions) {
      issue(
        'conditions',
        'limit_reached',
        `No máximo ${AUTOMATION_LIMITS.max_conditions} condições por automação.`,
      );
    }
    for (const condition of parts.conditions) checkCondition(condition, issue);
    if (parts.actions.length === 0) {
      issue(mode === 'flat' ? 'actions' : 'nodes', 'required', 'Informe ao menos uma ação.');
    } else if (parts.actions.length > AUTOMATION_LIMITS.max_actions) {
      issue(
        'actions',
        'limit_reached',
        `No máximo ${AUTOMATION_LIMITS.max_actions} ações por automação.`,
      );
    }
    for (const action of parts.actions) checkAction(action, lookups, issue);
    const known = new Set<string>([
      ...TOKENS,
      ...lookups.customFieldNames.map((n) => `lead.custom_fields.${n}`),
    ]);
    scanTokens(
      parts.trigger.config,
      `${parts.trigger.path}${parts.trigger.configSuffix}`,
      known,
      warnings,
    );
    for (const action of parts.actions)
      scanTokens(action.config, `${action.path}.config`, known, warnings);
  }
  if (errors.length > 0 || !parts) return { mode, errors, warnings };

  const flat = {
    trigger_type: parts.trigger.type,
    trigger_config: parts.trigger.config,
    conditions: parts.conditions.map(({ field, operator, value }) => ({ field, operator, value })),
    actions: parts.actions.map(({ type, config }) => ({ type, config })),
  };
  const graph =
    mode === 'graph'
      ? { nodes: parts.nodes ?? [], edges: parts.edges ?? [] }
      : graphFromFlat(flat.trigger_type, flat.trigger_config, flat.conditions, flat.actions);
  return { mode, errors, warnings, spec: { name, ...flat, ...graph } };
}

type Report = (path: string, code: string, message: string) => void;

interface TriggerPart {
  type: string;
  config: Record<string, unknown>;
  path: string;
  typeField: string;
  configSuffix: string;
}
interface ConditionPart extends AutomationCondition {
  path: string;
}
interface ActionPart extends AutomationAction {
  path: string;
}
interface Parts {
  trigger: TriggerPart;
  conditions: ConditionPart[];
  actions: ActionPart[];
  nodes?: AutomationNode[];
  edges?: AutomationEdge[];
}

function readFlat(input: Record<string, unknown>, issue: Report): Parts | undefined {
  const triggerConfig = input.trigger_config ?? {};
  if (!isPlainObject(triggerConfig))
    issue('trigger_config', 'invalid_value', 'trigger_config deve ser um objeto.');
  const conditionsRaw = input.conditions ?? [];
  const actionsRaw = input.actions;
  if (!Array.isArray(conditionsRaw))
    issue(
      'conditions',
      'invalid_value',
      'conditions deve ser uma lista de {field, operator, value}.',
    );
  if (actionsRaw === undefined || actionsRaw === null) {
    issue('actions', 'required', 'Informe actions: uma lista de {type, config}.');
    return undefined;
  }
  if (!Array.isArray(actionsRaw)) {
    issue('actions', 'invalid_value', 'actions deve ser uma lista de {type, config}.');
    return undefined;
  }
  const conditions = (Array.isArray(conditionsRaw) ? conditionsRaw : []).map(
    (raw: unknown, i: number) => readCondition(raw, `conditions[${i}]`, issue),
  );
  const actions = actionsRaw.map((raw: unknown, i: number) =>
    readAction(raw, `actions[${i}]`, issue),
  );
  return {
    trigger: {
      type: typeof input.trigger_type === 'string' ? input.trigger_type : '',
      config: isPlainObject(triggerConfig) ? triggerConfig : {},
      path: '',
      typeField: 'trigger_type',
      configSuffix: 'trigger_config',
    },
    conditions,
    actions,
  };
}

function readCondition(raw: unknown, path: string, issue: Report): ConditionPart {
  const obj = isPlainObject(raw) ? raw : {};
  if (!isPlainObject(raw))
    issue(path, 'invalid_value', `${path} deve ser um objeto {field, operator, value}.`);
  return {
    path,
    field: typeof obj.field === 'string' ? obj.field : '',
    operator: typeof obj.operator === 'string' ? obj.operator : '',
    value: obj.value === undefined || obj.value === null ? '' : String(obj.value),
  };
}

function readAction(raw: unknown, path: string, issue: Report): ActionPart {
  const obj = isPlainObject(raw) ? raw : {};
  if (!isPlainObject(raw))
    issue(path, 'invalid_value', `${path} deve ser um objeto {type, config}.`);
  const config = obj.config ?? {};
  if (!isPlainObject(config))
    issue(`${path}.config`, 'invalid_value', `${path}.config deve ser um objeto.`);
  return {
    path,
    type: typeof obj.type === 'string' ? obj.type : '',
    config: isPlainObject(config) ? config : {},
  };
}

/** Graph: one trigger node, then conditions and actions in breadth-first order along the edges. */
function readGraph(
  input: Record<string, unknown>,
  issue: Report,
  warnings: SpecIssue[],
): Parts | undefined {
  const nodesRaw = input.nodes as unknown[];
  const edgesRaw = input.edges ?? [];
  if (!Array.isArray(edgesRaw)) {
    issue('edges', 'invalid_value', 'edges deve ser uma lista de {from, to}.');
    return undefined;
  }
  const nodes: AutomationNode[] = [];
  const indexOf = new Map<string, number>();
  nodesRaw.forEach((raw, i) => {
    const path = `nodes[${i}]`;
    if (!isPlainObject(raw)) {
      issue(path, 'invalid_value', `${path} deve ser um objeto {handle, kind, ...}.`);
      return;
    }
    const handle = typeof raw.handle === 'string' ? raw.handle.trim() : '';
    if (handle === '')
      issue(`${path}.handle`, 'required', `Informe ${path}.handle (identificador único do nó).`);
    else if (indexOf.has(handle)) {
      issue(
        `${path}.handle`,
        'duplicate_handle',
        `O handle "${handle}" já foi usado em nodes[${indexOf.get(handle)}].`,
      );
    } else indexOf.set(handle, i);
    const kind = raw.kind;
    if (kind !== 'trigger' && kind !== 'condition' && kind !== 'action') {
      issue(`${path}.kind`, 'invalid_value', `${path}.kind deve ser trigger, condition ou action.`);
    }
    const node: AutomationNode = { handle, kind: kind as AutomationNode['kind'] };
    if (typeof raw.type === 'string') node.type = raw.type;
    if (isPlainObject(raw.config)) node.config = raw.config;
    else if (raw.config !== undefined)
      issue(`${path}.config`, 'invalid_value', `${path}.config deve ser um objeto.`);
    if (kind === 'condition') {
      node.field = typeof raw.field === 'string' ? raw.field : '';
      node.operator = typeof raw.operator === 'string' ? raw.operator : '';
      node.value = raw.value === undefined || raw.value === null ? '' : String(raw.value);
    }
    nodes[i] = node;
  });
  const edges: AutomationEdge[] = [];
  edgesRaw.forEach((raw: unknown, i: number) => {
    const path = `edges[${i}]`;
    const edge = isPlainObject(raw) ? raw : {};
    for (const end of ['from', 'to'] as const) {
      const handle = edge[end];
      if (typeof handle !== 'string' || !indexOf.has(handle)) {
        issue(
          `${path}.${end}`,
          'invalid_value',
          `${path}.${end} deve ser o handle de um nó existente.`,
        );
      }
    }
    if (typeof edge.from === 'string' && typeof edge.to === 'string')
      edges.push({ from: edge.from, to: edge.to });
  });
  const triggers = nodes.map((n, i) => ({ n, i })).filter(({ n }) => n?.kind === 'trigger');
  if (triggers.length !== 1) {
    issue(
      'nodes',
      'invalid_trigger',
      `O grafo precisa de exatamente um nó kind "trigger" (encontrado(s): ${triggers.length}).`,
    );
    return undefined;
  }
  const start = triggers[0] as { n: AutomationNode; i: number };
  const order: number[] = [];
  const seen = new Set<number>([start.i]);
  const queue = [start.i];
  while (queue.length > 0) {
    const current = queue.shift() as number;
    order.push(current);
    for (const edge of edges) {
      if (edge.from !== nodes[current]?.handle) continue;
      const next = indexOf.get(edge.to);
      if (next !== undefined && !seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  nodes.forEach((node, i) => {
    if (node && !seen.has(i)) {
      warnings.push({
        path: `nodes[${i}]`,
        code: 'unreachable_node',
        message: `O nó "${node.handle}" não é alcançável a partir do gatilho e nunca será executado.`,
      });
    }
  });
  const conditions: ConditionPart[] = [];
  const actions: ActionPart[] = [];
  for (const i of order) {
    const node = nodes[i] as AutomationNode;
    const path = `nodes[${i}]`;
    if (node.kind === 'condition') {
      conditions.push({
        path,
        field: node.field ?? '',
        operator: node.operator ?? '',
        value: node.value ?? '',
      });
    } else if (node.kind === 'action') {
      actions.push({ path, type: node.type ?? '', config: node.config ?? {} });
    }
  }
  return {
    trigger: {
      type: start.n.type ?? '',
      config: start.n.config ?? {},
      path: `nodes[${start.i}]`,
      typeField: `nodes[${start.i}].type`,
      configSuffix: '.config',
    },
    conditions,
    actions,
    nodes,
    edges,
  };
}

function checkTrigger(trigger: TriggerPart, lookups: AutomationLookups, issue: Report): void {
  const entry = TRIGGERS.find((t) => t.type === trigger.type);
  if (!entry) {
    issue(
      trigger.typeField,
      'invalid_trigger',
      trigger.type === ''
        ? 'Informe o gatilho (trigger_type); veja GET /automations/capabilities.'
        : `Gatilho desconhecido "${trigger.type}"; veja GET /automations/capabilities.`,
    );
    return;
  }
  checkConfig(entry, trigger.config, `${trigger.path}${trigger.configSuffix}`, lookups, issue);
}

function checkCondition(condition: ConditionPart, issue: Report): void {
  if (condition.field.trim() === '')
    issue(`${condition.path}.field`, 'required', `Informe ${condition.path}.field.`);
  if (!(CONDITION_OPERATORS as readonly string[]).includes(condition.operator)) {
    issue(
      `${condition.path}.operator`,
      'invalid_value',
      `Operador inválido "${condition.operator}". Use um destes: ${CONDITION_OPERATORS.join(', ')}.`,
    );
  }
}

function checkAction(action: ActionPart, lookups: AutomationLookups, issue: Report): void {
  const entry = ACTIONS.find((a) => a.type === action.type);
  if (!entry) {
    issue(
      `${action.path}.type`,
      'unknown_action',
      action.type === ''
        ? `Informe o tipo da ação em ${action.path}.type.`
        : `Ação desconhecida "${action.type}"; veja GET /automations/capabilities.`,
    );
    return;
  }
  checkConfig(entry, action.config, `${action.path}.config`, lookups, issue);
}

function checkConfig(
  entry: CatalogEntry,
  config: Record<string, unknown>,
  configPath: string,
  lookups: AutomationLookups,
  issue: Report,
): void {
  for (const key of entry.config) {
    const path = configPath === '' ? key.key : `${configPath}.${key.key}`;
    const value = config[key.key];
    const blank =
      value === undefined ||
      value === null ||
      value === '' ||
      (Array.isArray(value) && value.length === 0);
    if (blank) {
      if (key.required) {
        issue(
          path,
          'missing_config_key',
          `${entry.type} exige a chave ${key.key} (${describeType(key)}) em config.`,
        );
      }
      continue;
    }
    if (!hasType(key, value)) {
      issue(path, 'invalid_value', `${path} deve ser ${describeType(key)}.`);
      continue;
    }
    if (key.enum && !key.enum.includes(value as string)) {
      issue(path, 'invalid_value', `${path} deve ser um destes: ${key.enum.join(', ')}.`);
      continue;
    }
    if (key.fk) {
      const values = Array.isArray(value) ? value : [value];
      const missing = values.filter((v) => !lookups.exists(key.fk as ForeignKey, v));
      if (missing.length > 0) {
        issue(path, 'fk_not_found', fkMessage(key.fk, missing));
      }
    }
  }
}

function fkMessage(fk: ForeignKey, missing: unknown[]): string {
  const list = missing.map((v) => JSON.stringify(v)).join(', ');
  const what: Record<ForeignKey, string> = {
    pipeline: 'funil',
    stage: 'etapa',
    user: 'usuário',
    sequence: 'sequência',
    template: 'template',
    instance: 'número (instância)',
    cloud_instance: 'número Cloud API (esta ação só funciona na API oficial)',
    chatbot: 'fluxo de chatbot',
    lost_reason: 'motivo de perda',
    date_field: "campo de data ('birthday' ou campo personalizado do tipo date)",
  };
  return `Nenhum(a) ${what[fk]} com ${list} nesta conta.`;
}

function describeType(key: ConfigKey): string {
  const names: Record<ConfigKey['type'], string> = {
    string: 'um texto',
    'string[]': 'uma lista de textos',
    integer: 'um número inteiro',
    'integer[]': 'uma lista de números inteiros',
    boolean: 'true ou false',
    object: 'um objeto',
    array: 'uma lista',
    url: 'uma URL http(s)',
  };
  return names[key.type];
}

function hasType(key: ConfigKey, value: unknown): boolean {
  switch (key.type) {
    case 'string':
      return typeof value === 'string';
    case 'string[]':
      return Array.isArray(value) && value.every((v) => typeof v === 'string' && v.trim() !== '');
    case 'integer':
      return Number.isInteger(value);
    case 'integer[]':
      return Array.isArray(value) && value.every((v) => Number.isInteger(v));
    case 'boolean':
      return typeof value === 'boolean';
    case 'object':
      return isPlainObject(value);
    case 'array':
      return Array.isArray(value);
    case 'url':
      return typeof value === 'string' && isHttpUrl(value);
  }
}

function scanTokens(value: unknown, path: string, known: Set<string>, warnings: SpecIssue[]): void {
  if (typeof value === 'string') {
    for (const match of value.matchAll(/\{\{\s*([^}]+?)\s*\}\}/g)) {
      const token = match[1] as string;
      if (/^\d+$/.test(token) || known.has(token)) continue;
      warnings.push({
        path,
        code: 'unknown_token',
        message: `O token {{${token}}} não é conhecido e será enviado como texto; veja tokens em GET /automations/capabilities.`,
      });
    }
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => {
      scanTokens(item, `${path}[${i}]`, known, warnings);
    });
  } else if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value))
      scanTokens(item, `${path}.${key}`, known, warnings);
  }
}

export function graphFromFlat(
  triggerType: string,
  triggerConfig: Record<string, unknown>,
  conditions: AutomationCondition[],
  actions: AutomationAction[],
): { nodes: AutomationNode[]; edges: AutomationEdge[] } {
  const nodes: AutomationNode[] = [
    { handle: 'trigger', kind: 'trigger', type: triggerType, config: triggerConfig },
  ];
  conditions.forEach((c, i) => {
    nodes.push({
      handle: `condition_${i + 1}`,
      kind: 'condition',
      field: c.field,
      operator: c.operator,
      value: c.value,
    });
  });
  actions.forEach((a, i) => {
    nodes.push({ handle: `action_${i + 1}`, kind: 'action', type: a.type, config: a.config });
  });
  const edges = nodes
    .slice(1)
    .map((node, i) => ({ from: (nodes[i] as AutomationNode).handle, to: node.handle }));
  return { nodes, edges };
}
