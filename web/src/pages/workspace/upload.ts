import { uploadFile } from '../../api/upload';
import { h } from '../../ui/dom';

/** The upload control: a file picker labelled "Upload files", a drop zone, and progress per file. */
export function uploader(workspaceId: number, onUploaded: () => void): HTMLElement {
  const input = h('input', { type: 'file', id: 'upload-files', multiple: true });
  const list = h('ul', { class: 'uploads', 'aria-label': 'Uploads' });
  const zone = h(
    'div',
    { class: 'drop-zone' },
    h('label', { for: 'upload-files' }, 'Upload files'),
    input,
    h('p', { class: 'muted' }, 'or drop files here'),
  );

  function send(files: Iterable<File>): void {
    for (const file of files) {
      const progress = h('progress', { max: 1, value: 0, 'aria-label': `Upload of ${file.name}` });
      const state = h('span', { class: 'upload-state' }, 'uploading');
      list.append(h('li', {}, h('span', { class: 'upload-name' }, file.name), progress, state));
      uploadFile(workspaceId, file, (fraction) => (progress.value = fraction))
        .then((result) => {
          progress.value = 1;
          // A status that will still change is not frozen here: the tree below shows it as it settles
          // (a line reading "processing" beside the same file shown ready contradicted it).
          state.textContent = result.status === 'processing' ? 'uploaded' : `uploaded (${result.status})`;
          onUploaded();
        })
        .catch((error: Error) => {
          state.textContent = `failed: ${error.message}`;
          state.setAttribute('role', 'alert');
        });
    }
  }

  input.addEventListener('change', () => {
    if (input.files) send([...input.files]);
    input.value = '';
  });
  zone.addEventListener('dragover', (event) => {
    event.preventDefault();
    zone.classList.add('over');
  });
  zone.addEventListener('dragleave', () => zone.classList.remove('over'));
  zone.addEventListener('drop', (event) => {
    event.preventDefault();
    zone.classList.remove('over');
    if (event.dataTransfer?.files) send([...event.dataTransfer.files]);
  });
  return h('section', { 'aria-label': 'Upload' }, zone, list);
}
