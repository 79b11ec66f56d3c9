import type { Schemas } from '../../api/client';
import { field, h } from '../../ui/dom';

const KINDS: Array<[string, string]> = [
  ['text', 'Text'],
  ['yes_no', 'Yes / no'],
  ['date', 'Date'],
  ['duration', 'Duration'],
  ['money', 'Money'],
  ['number', 'Number'],
  ['jurisdiction', 'Jurisdiction'],
  ['list', 'List'],
  ['enum', 'One of…'],
];

export interface ColumnInput {
  column_title: string;
  query: string;
  response_structure: string;
}

/**
 * The fields of a column: title, question and answer type (with the options of a choice). Used by
 * "Add column" and "Edit column" alike; `read()` gives the request body.
 */
export function columnFields(initial?: Schemas['ProjectColumn']): { element: HTMLElement; read(): ColumnInput } {
  const structure = initial?.response_structure ?? 'text';
  const title = h('input', { type: 'text', name: 'column_title', required: true, value: initial?.column_title ?? '' });
  const query = h('textarea', { name: 'query', rows: 2, required: true });
  query.value = initial?.query ?? '';
  const kind = h('select', { name: 'response_structure' }, KINDS.map(([value, label]) => h('option', { value }, label)));
  kind.value = structure.startsWith('enum:') ? 'enum' : structure;
  const options = h('input', { type: 'text', name: 'options', placeholder: 'Option A | Option B', value: structure.startsWith('enum:') ? structure.slice(5).split('|').join(' | ') : '' });
  const optionsField = field('Options (separated by |)', options);
  const sync = () => (optionsField.hidden = kind.value !== 'enum');
  kind.addEventListener('change', sync);
  sync();
  return {
    element: h('div', { class: 'row' }, field('Column title', title), field('Question', query), field('Answer type', kind), optionsField),
    read: () => ({
      column_title: title.value.trim(),
      query: query.value.trim(),
      response_structure: kind.value === 'enum' ? `enum:${options.value.split('|').map((o) => o.trim()).filter(Boolean).join('|')}` : kind.value,
    }),
  };
}
