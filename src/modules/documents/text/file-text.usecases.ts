import type { WorkspaceRow } from '../../../db/schema.js';
import type { CoreDeps } from '../../../shared/deps.js';
import { fileNotFound } from '../documents.errors.js';
import type { PageText } from './file-text.repository.js';
import { pagesFromPassages } from './page-text.js';

export interface FileText {
  file_id: number;
  file_name: string;
  pages: PageText[];
}

/**
 * A file's extracted text, page by page: the text that passage and citation offsets point into.
 * A file still processing, or that failed, has no pages yet.
 */
export async function getFileText(deps: CoreDeps<'documents' | 'fileText'>, workspace: WorkspaceRow, fileId: number): Promise<FileText> {
  const file = await deps.store.documents.getFile(workspace.id, fileId);
  if (!file) throw fileNotFound();
  let pages = await deps.store.fileText.listPages(workspace.id, file.id);
  if (pages.length === 0 && file.status === 'ready') {
    pages = pagesFromPassages(await deps.store.fileText.listPassageSpans(workspace.id, file.id));
  }
  return { file_id: file.id, file_name: file.file_name, pages };
}
