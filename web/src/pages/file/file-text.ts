import { unwrap, v1 } from '../../api/client';
import { h, replace } from '../../ui/dom';
import { findPassage, type PassageLocation } from './find-passage';

/**
 * A file's extracted text, page by page, with the cited passage marked and scrolled into view: an
 * exact span when the citation gives one (review-table cells), else the sentences that best match
 * the cited text (workspace answers cite whole files).
 */
export async function fileTextPage(main: HTMLElement, workspaceId: number, fileId: number, passage: string | PassageLocation): Promise<void> {
  const file = unwrap(await v1.GET('/v1/workspaces/{workspace_id}/documents/{file_id}/text', { params: { path: { workspace_id: workspaceId, file_id: fileId } } }));
  const location = typeof passage !== 'string' ? exactSpan(file.pages, passage) : passage ? findPassage(file.pages, passage) : null;
  const pages = file.pages.map(({ page, text }) => {
    const body = h('div', { class: 'page-text' });
    if (location && location.page === page) {
      body.append(text.slice(0, location.start), h('mark', {}, text.slice(location.start, location.end)), text.slice(location.end));
    } else body.append(text);
    return h('section', { class: 'page', 'aria-label': `Page ${page}` }, file.pages.length > 1 ? h('h2', { class: 'page-no' }, `Page ${page}`) : null, body);
  });
  replace(
    main,
    h('p', {}, h('a', { href: `#/workspaces/${workspaceId}` }, '← Back to the workspace')),
    h('h1', {}, file.file_name),
    passage && !location ? h('p', { role: 'status', class: 'muted' }, 'The cited passage could not be located in the extracted text.') : null,
    file.pages.length === 0 ? h('p', { class: 'muted' }, 'No text has been extracted from this file (yet).') : pages,
  );
  main.querySelector('mark')?.scrollIntoView({ block: 'center' });
}

/** The span as given, when it lies inside its page's text. */
function exactSpan(pages: Array<{ page: number; text: string }>, span: PassageLocation): PassageLocation | null {
  const text = pages.find((p) => p.page === span.page)?.text;
  return text !== undefined && span.start >= 0 && span.end <= text.length ? span : null;
}
