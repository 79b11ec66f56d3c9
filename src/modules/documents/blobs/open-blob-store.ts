import { join } from 'node:path';
import type { BlobStore } from './blob-store.js';
import { createLocalBlobStore } from './local-blob-store.js';
import { createS3BlobStore } from './s3-blob-store.js';
import { parseS3Url } from './s3-location.js';

/**
 * The configured blob store: an S3-compatible bucket when FOLIO_BLOB_URL names one, else
 * `<dataDir>/blobs`. Uploads are spooled under `<dataDir>/blobs/<spool>` either way.
 */
export function openBlobStore(config: { dataDir: string; blobUrl: string | null }, options: { spool?: string } = {}): BlobStore {
  const root = join(config.dataDir, 'blobs');
  if (!config.blobUrl) return createLocalBlobStore(root, options);
  const location = parseS3Url(config.blobUrl);
  // loadConfig has validated it; this guards callers that build a config by hand.
  if (!location) throw new Error(`FOLIO_BLOB_URL must be s3://bucket[/prefix]?endpoint=...&region=..., got "${config.blobUrl}"`);
  return createS3BlobStore(location, root, options);
}
