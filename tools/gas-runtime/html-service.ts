import vm from 'node:vm';
import { type ExecutionEnv, gated } from './execution';

/**
 * HtmlService: outputs are recorded (title, size, content) so a test can read what a
 * sidebar or dialog would show; templates are evaluated in the execution's realm with
 * <? ?>, <?= ?> (escaped) and <?!= ?> (raw) scriptlets, like Apps Script's
 * (https://developers.google.com/apps-script/guides/html/templates).
 */
export interface HtmlOutputRecord {
  title: string;
  content: string;
  width?: number;
  height?: number;
  sandboxMode?: string;
  xFrameOptionsMode?: string;
  metaTags: Array<{ name: string; content: string }>;
}

export interface HtmlHost {
  /** Returns the text of an HTML file of the project, or undefined when absent. */
  readFile(name: string): string | undefined;
}

const outputs = new WeakMap<object, HtmlOutputRecord>();

export function htmlRecordOf(output: unknown): HtmlOutputRecord | undefined {
  return typeof output === 'object' && output !== null ? outputs.get(output) : undefined;
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Turns template text into the body of a function (output, __vars, __esc) run under `with`. */
export function compileTemplate(source: string): string {
  let code = 'with (__vars) {\n';
  let i = 0;
  while (i < source.length) {
    const open = source.indexOf('<?', i);
    if (open < 0) {
      code += `output.append(${JSON.stringify(source.slice(i))});\n`;
      break;
    }
    if (open > i) code += `output.append(${JSON.stringify(source.slice(i, open))});\n`;
    const close = source.indexOf('?>', open + 2);
    if (close < 0)
      throw new Error(`Template scriptlet opened at character ${open} is never closed with "?>".`);
    let body = source.slice(open + 2, close);
    if (body.startsWith('!=')) {
      body = body.slice(2).trim().replace(/;$/, '');
      code += `output.append(String((${body})));\n`;
    } else if (body.startsWith('=')) {
      body = body.slice(1).trim().replace(/;$/, '');
      code += `output.appendUntrusted(String((${body})));\n`;
    } else {
      code += `${body}\n`;
    }
    i = close + 2;
  }
  return `${code}}`;
}

export function createHtmlService(env: ExecutionEnv, host: HtmlHost): unknown {
  const readFile = (method: string, name: unknown): string => {
    if (typeof name !== 'string')
      env.fail(
        `The parameters (${typeof name}) don't match the method signature for HtmlService.${method}.`,
      );
    const text = host.readFile(name as string);
    if (text === undefined) env.fail(`No HTML file named ${String(name)} was found.`);
    return text as string;
  };

  const outputObject = (record: HtmlOutputRecord): unknown => {
    const self = () => object;
    const object = gated(env, 'HtmlOutput', 'HtmlService', 0, {
      getContent: () => record.content,
      setContent: (content: unknown) => {
        record.content = String(content ?? '');
        return self();
      },
      append: (content: unknown) => {
        record.content += String(content ?? '');
        return self();
      },
      appendUntrusted: (content: unknown) => {
        record.content += escapeHtml(String(content ?? ''));
        return self();
      },
      clear: () => {
        record.content = '';
        return self();
      },
      getTitle: () => record.title,
      setTitle: (title: unknown) => {
        record.title = String(title ?? '');
        return self();
      },
      getWidth: () => record.width ?? 300,
      setWidth: (width: number) => {
        record.width = width;
        return self();
      },
      getHeight: () => record.height ?? 600,
      setHeight: (height: number) => {
        record.height = height;
        return self();
      },
      setSandboxMode: (mode: unknown) => {
        record.sandboxMode = String(mode);
        return self();
      },
      setXFrameOptionsMode: (mode: unknown) => {
        record.xFrameOptionsMode = String(mode);
        return self();
      },
      addMetaTag: (name: unknown, content: unknown) => {
        record.metaTags.push({ name: String(name), content: String(content) });
        return self();
      },
      setFaviconUrl: () => self(),
    });
    outputs.set(object, record);
    return object;
  };
  const newOutput = (content = ''): unknown => outputObject({ title: '', content, metaTags: [] });

  const templateObject = (source: string): unknown => {
    const methodNames = ['evaluate', 'getCode', 'getRawContent'];
    const template: Record<string, unknown> = gated(env, 'HtmlTemplate', 'HtmlService', 0, {
      getRawContent: () => source,
      getCode: () => compileTemplate(source),
      evaluate: () => {
        const vars = env.realm.object();
        for (const key of Object.keys(template))
          if (!methodNames.includes(key)) vars[key] = template[key];
        const output = newOutput() as {
          append(s: string): unknown;
          appendUntrusted(s: string): unknown;
        };
        const fn = vm.runInContext(
          `(function (output, __vars) {\n${compileTemplate(source)}\n})`,
          env.realm.context,
          {
            filename: 'html-template.js',
          },
        ) as (output: unknown, vars: unknown) => void;
        fn(output, vars);
        return output;
      },
    });
    return template;
  };

  return gated(env, 'HtmlService', 'HtmlService', 0, {
    SandboxMode: { EMULATED: 'EMULATED', IFRAME: 'IFRAME', NATIVE: 'NATIVE' },
    XFrameOptionsMode: { ALLOWALL: 'ALLOWALL', DEFAULT: 'DEFAULT' },
    createHtmlOutput: (content?: unknown) => {
      const asTemplate = htmlRecordOf(content);
      return newOutput(
        asTemplate ? asTemplate.content : content === undefined ? '' : String(content),
      );
    },
    createHtmlOutputFromFile: (name: unknown) =>
      newOutput(readFile('createHtmlOutputFromFile', name)),
    createTemplate: (source: unknown) => templateObject(String(source ?? '')),
    createTemplateFromFile: (name: unknown) =>
      templateObject(readFile('createTemplateFromFile', name)),
  });
}
