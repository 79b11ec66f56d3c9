/** Where an S3-compatible bucket is, as FOLIO_BLOB_URL names it. */
export interface S3Location {
  bucket: string;
  /** Key prefix inside the bucket ("" or ending in "/"), so several deployments can share one. */
  prefix: string;
  /** An S3-compatible server (MinIO, Ceph, R2...); absent for AWS itself. */
  endpoint?: string;
  region: string;
  /** Bucket in the path, not the host name: what most S3-compatible servers need. */
  forcePathStyle: boolean;
}

/**
 * Reads `s3://bucket[/prefix]?endpoint=https://host:9000&region=eu-west-1&path_style=true`, or
 * null when the URL is not an s3:// one. Credentials come from the SDK's usual sources
 * (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, a profile, an instance role), never from the URL.
 */
export function parseS3Url(value: string): S3Location | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 's3:' || !url.hostname) return null;
  const path = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  const pathStyle = url.searchParams.get('path_style');
  return {
    bucket: url.hostname,
    prefix: path ? `${path}/` : '',
    ...(endpoint ? { endpoint } : {}),
    region: url.searchParams.get('region') ?? 'us-east-1',
    // A custom endpoint is nearly always a server that wants path-style addressing.
    forcePathStyle: pathStyle === null ? Boolean(endpoint) : pathStyle === 'true',
  };
}
