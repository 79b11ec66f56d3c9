import { unwrap, v1, type Schemas } from '../../api/client';
import { alertBox, field, h, replace } from '../../ui/dom';

type Citation = { code: string; quote: string; effective_as_of: string; status: string; section_title?: string };

/** Statute research: ask, compare and check, for a jurisdiction (or several) as of a date. */
export async function statutesPage(main: HTMLElement): Promise<void> {
  const { jurisdictions } = unwrap(await v1.GET('/v1/jurisdictions'));
  const codes = jurisdictions.map((j) => j.jurisdiction);
  const today = new Date().toISOString().slice(0, 10);
  const jurisdiction = h('select', { name: 'jurisdiction' }, codes.map((c) => h('option', { value: c }, c)));
  const asOf = h('input', { type: 'date', name: 'as_of', value: today, required: true });
  const mode = h('select', { name: 'mode' }, h('option', { value: 'ask' }, 'Ask a question'), h('option', { value: 'compare' }, 'Compare jurisdictions'), h('option', { value: 'check' }, 'Check an assertion'));
  const text = h('textarea', { rows: 2, required: true });
  const textField = field('Question', text);
  const others = h('fieldset', { class: 'compare-with', hidden: true }, h('legend', {}, 'Compare across'), codes.map((c) => h('label', { class: 'check' }, h('input', { type: 'checkbox', value: c, checked: true }), ' ', c)));
  const submit = h('button', { type: 'submit' }, 'Ask');
  const error = alertBox();
  const results = h('section', { role: 'region', 'aria-label': 'Research result', class: 'answer', 'aria-live': 'polite' });

  mode.addEventListener('change', () => {
    const m = mode.value;
    textField.querySelector('label')!.textContent = m === 'check' ? 'Assertion' : 'Question';
    submit.textContent = m === 'check' ? 'Check' : m === 'compare' ? 'Compare' : 'Ask';
    others.hidden = m !== 'compare';
    jurisdiction.disabled = m === 'compare';
  });

  const form = h(
    'form',
    { class: 'card research' },
    h('div', { class: 'row' }, field('Mode', mode), field('Jurisdiction', jurisdiction), field('As of', asOf)),
    others,
    textField,
    h('div', { class: 'actions' }, submit),
    error,
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    error.clear();
    submit.disabled = true;
    replace(results, h('p', { class: 'muted' }, 'Researching…'));
    run()
      .catch((e: Error) => {
        replace(results);
        error.show(e.message);
      })
      .finally(() => (submit.disabled = false));
  });

  async function run(): Promise<void> {
    const date = asOf.value;
    if (mode.value === 'ask') {
      const r = unwrap(await v1.POST('/v1/ask', { body: { question: text.value, jurisdiction: jurisdiction.value, as_of: date } }));
      replace(results, h('p', { class: 'verdict' }, `Confidence: ${r.confidence}`), h('p', {}, r.answer), citationList(r.citations, date));
    } else if (mode.value === 'compare') {
      const selected = [...others.querySelectorAll<HTMLInputElement>('input:checked')].map((i) => i.value);
      const r = unwrap(await v1.POST('/v1/compare', { body: { question: text.value, jurisdictions: selected, as_of: date } }));
      replace(results, r.results.map((entry: Schemas['ComparisonEntry']) => h('article', { class: 'card' }, h('h3', {}, entry.jurisdiction), h('p', {}, entry.answer), citationList(entry.citations, date))));
    } else {
      const r = unwrap(await v1.POST('/v1/check', { body: { assertion: text.value, jurisdiction: jurisdiction.value, as_of: date } }));
      replace(results, h('p', { class: 'verdict' }, r.verdict), h('p', {}, r.explanation), citationList(r.citations, date));
    }
  }

  replace(
    main,
    h('h1', {}, 'Statute research'),
    codes.length === 0 ? h('p', { role: 'status', class: 'muted' }, 'No statutes are loaded on this server yet (an operator imports them with `folio import statutes`).') : null,
    form,
    results,
  );
}

/** Each citation expands to the section's text as of the research date. */
function citationList(citations: Citation[], asOf: string): HTMLElement {
  return h(
    'ul',
    { class: 'citations', 'aria-label': 'Citations' },
    citations.map((c) => {
      const body = h('div', { class: 'section-text' }, h('blockquote', {}, c.quote));
      const details = h('details', {}, h('summary', {}, `${c.code}${c.section_title ? ` — ${c.section_title}` : ''} (in force from ${c.effective_as_of}, ${c.status})`), body);
      let loaded = false;
      details.addEventListener('toggle', () => {
        if (!details.open || loaded) return;
        loaded = true;
        void v1
          .GET('/v1/statute/{citation}', { params: { path: { citation: c.code }, query: { as_of: asOf } } })
          .then((result) => {
            const section = unwrap(result);
            body.append(h('h4', {}, `${section.code} as of ${asOf}`), h('div', { class: 'statute-text' }, section.text));
          })
          .catch((e: Error) => body.append(h('p', { role: 'alert', class: 'alert' }, e.message)));
      });
      return h('li', {}, details);
    }),
  );
}
