import { unwrap, v1 } from '../../api/client';
import { alertBox, field, h, replace } from '../../ui/dom';
import { answerParts } from './answer-parts';

/** The ask box and the answer region; each citation links to the cited passage in the file's text. */
export function askBox(workspaceId: number, fileName: (id: number) => string | undefined): HTMLElement {
  const question = h('textarea', { rows: 2, name: 'question', required: true });
  const button = h('button', { type: 'submit' }, 'Ask');
  const error = alertBox();
  const answer = h('section', { role: 'region', 'aria-label': 'Answer', class: 'answer', 'aria-live': 'polite' });
  const form = h('form', { class: 'ask' }, field('Question', question), h('div', { class: 'actions' }, button), error);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    error.clear();
    button.disabled = true;
    replace(answer, h('p', { class: 'muted' }, 'Searching the workspace…'));
    v1.POST('/v1/workspaces/{workspace_id}/query', { params: { path: { workspace_id: workspaceId } }, body: { question: question.value } })
      .then((result) => replace(answer, renderAnswer(workspaceId, unwrap(result).answer, fileName)))
      .catch((e: Error) => {
        replace(answer);
        error.show(e.message);
      })
      .finally(() => (button.disabled = false));
  });
  return h('section', { class: 'ask-section', 'aria-label': 'Ask' }, h('h2', {}, 'Ask this workspace'), form, answer);
}

function renderAnswer(workspaceId: number, text: string, fileName: (id: number) => string | undefined): HTMLElement {
  const p = h('p', {});
  for (const part of answerParts(text)) {
    if (part.kind === 'text') p.append(part.text);
    else {
      const href = `#/workspaces/${workspaceId}/files/${part.fileId}?passage=${encodeURIComponent(part.cited)}`;
      p.append(h('a', { href, class: 'cite' }, `[${fileName(part.fileId) ?? `file ${part.fileId}`}]`));
    }
  }
  return p;
}
