/**
 * Content-addressed storage of uploaded bytes, keyed by their SHA-256. A local folder now;
 * S3-compatible storage later behind the same interface.
 */
export interface BlobStore {
  /** Makes the temp file durable under its hash, atomically; the temp file is consumed. */
  putFile(tempPath: string, sha256: string): Promise<void>;
  has(sha256: string): Promise<boolean>;
  /** Removes the blob (no error when absent); the caller knows no file uses these bytes any more. */
  delete(sha256: string): Promise<void>;
  /** Runs `use` with a local path of the blob (a remote store would download it first). */
  withLocalPath<T>(sha256: string, use: (path: string) => Promise<T>): Promise<T>;
  /** Where uploads are spooled before they are hashed; on the same filesystem so rename is atomic. */
  tempDir(): string;
}
