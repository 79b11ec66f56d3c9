import type { Schemas } from './client';
import { csrfToken } from './client';

type UploadResult = Schemas['DocumentUploadResponse'];

/**
 * POST /v1/workspaces/{workspace_id}/documents through the app's API, with upload progress.
 * fetch cannot report upload progress, so this one operation uses XMLHttpRequest; its path and
 * answer are typed from the same generated description as every other call.
 */
export function uploadFile(workspaceId: number, file: File, onProgress: (fraction: number) => void): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/app/api/v1/workspaces/${workspaceId}/documents`);
    xhr.setRequestHeader('X-CSRF-Token', csrfToken());
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = xhr.response as UploadResult | { detail?: unknown } | null;
      if (xhr.status === 200 && body && 'file_id' in body) resolve(body);
      else reject(new Error(typeof (body as { detail?: unknown })?.detail === 'string' ? String((body as { detail: string }).detail) : `Upload failed (${xhr.status})`));
    };
    xhr.onerror = () => reject(new Error('Upload failed: the server could not be reached'));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
