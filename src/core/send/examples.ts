import type { ChatappTemplate } from '../../api/schemas';
import { HEADER_VARIABLE_KEY } from './template';

/**
 * The example value of each variable, when the template carries the provider's examples:
 * WhatsApp's template format puts them on the component, `example.header_text` (`["12345"]`)
 * for a text header and `example.body_text` (`[["Maria", "R$ 100"]]`, in `{{N}}` order) for the
 * body. The CRM's contract (crm-api-v1.md, Official template) does not list `example`, so both
 * readings are handled: present, the examples help suggest a column for each variable; absent
 * or in another shape, there are none. See
 * https://developers.facebook.com/docs/whatsapp/business-management-api/message-templates/components
 */
export function variableExamples(
  template: Pick<ChatappTemplate, 'components'>,
): Record<string, string> {
  const examples: Record<string, string> = {};
  for (const component of template.components) {
    const example = (component as { example?: unknown }).example;
    if (typeof example !== 'object' || example === null) continue;
    if (component.type === 'HEADER') {
      const first = textAt((example as { header_text?: unknown }).header_text, 0);
      if (first !== undefined) examples[HEADER_VARIABLE_KEY] = first;
    } else if (component.type === 'BODY') {
      const rows = (example as { body_text?: unknown }).body_text;
      const values = Array.isArray(rows) ? rows[0] : undefined;
      if (!Array.isArray(values)) continue;
      values.forEach((_, index) => {
        const text = textAt(values, index);
        if (text !== undefined) examples[String(index + 1)] = text;
      });
    }
  }
  return examples;
}

function textAt(list: unknown, index: number): string | undefined {
  if (!Array.isArray(list)) return undefined;
  const value: unknown = list[index];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}
