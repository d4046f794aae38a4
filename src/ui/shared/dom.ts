/** Tiny DOM helpers: the sidebars are plain TypeScript, no framework. */

export type Child = Node | string | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | boolean | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    element.setAttribute(name, value === true ? '' : value);
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child);
  }
  return element;
}

/** The element with this id, of the expected type; a missing one is a build mistake. */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`The sidebar has no element #${id}.`);
  return element as T;
}

export function inputValue(id: string): string {
  return byId<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(id).value.trim();
}

export type Tone = 'info' | 'error' | 'success';

/** Shows a status line under a form; empty text hides it. */
export function showStatus(id: string, text: string, tone: Tone = 'info'): void {
  const element = byId(id);
  element.textContent = text;
  element.className = `status ${tone}`;
  element.hidden = text === '';
}

/** Disables a button while its call runs, so one click is one call. */
export async function whileBusy<T>(button: HTMLButtonElement, work: () => Promise<T>): Promise<T> {
  button.disabled = true;
  try {
    return await work();
  } finally {
    button.disabled = false;
  }
}

/** "a, b ,c" → ["a", "b", "c"]. */
export function commaList(text: string): string[] {
  return text
    .split(/[,;\n]/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}
