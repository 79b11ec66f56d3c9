import { availableParallelism } from 'node:os';
import { parseS3Url } from '../modules/documents/blobs/s3-location.js';
import { resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { clauseModelFiles } from '../text/clauses/clause-model-files.js';

/**
 * Server configuration, read from the environment once by main and passed down; no module reads
 * process.env at import time. Every variable is documented in the README.
 */
export interface Config {
  /** Local folder: the SQLite file (when no database URL is set) and the blobs. */
  dataDir: string;
  /** `postgres://...` puts the metadata and search indexes in PostgreSQL; null keeps the embedded SQLite file. */
  databaseUrl: string | null;
  /** An S3-compatible bucket for blobs (`s3://bucket?endpoint=...`), or null for `<dataDir>/blobs`. */
  blobUrl: string | null;
  /** `redis://...` shares rate-limit windows and auth-cache invalidation between processes; null keeps them local. */
  redisUrl: string | null;
  /** FOLIO_CLAUSE_MODEL: a clause model trained elsewhere (train:clauses --out), or null for the shipped one. The classifier reads the variable itself (clause-classifier.ts). */
  clauseModel: string | null;
  /** Prefix of every Redis key, so several deployments can share one Redis. */
  redisPrefix: string;
  host: string;
  port: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Requests per key per window when the key sets none. */
  rateLimitDefault: number;
  rateLimitWindowSeconds: number;
  /** Requests per client address per window that carry no valid key. */
  anonymousRateLimit: number;
  /** Requests in flight across the server before new ones are shed with 503. */
  maxInflightRequests: number;
  /** Event-loop lag (ms) past which new work (POST) is shed with 503; 0 turns lag shedding off. */
  shedLagMs: number;
  /** Reads (GET) handled on the event loop at once; more wait their turn; 0 turns the gate off. */
  readConcurrency: number;
  /** How long a read may wait for its turn before it is shed with 503. */
  readMaxWaitMs: number;
  maxUploadBytes: number;
  /** How long an upload waits for its own ingestion before answering `processing`. */
  uploadReadyWaitMs: number;
  ingestConcurrency: number;
  /** Pending ingestion jobs beyond which uploads are shed with 503: the server-wide ceiling. */
  ingestQueueLimit: number;
  /** Pending jobs of one workspace, and of one org, beyond which that workspace's (org's) uploads are shed. */
  ingestWorkspaceQueueLimit: number;
  ingestOrgQueueLimit: number;
  queryConcurrency: number;
  /**
   * Worker threads that run workspace queries and statute research (retrieval and composition)
   * off the event loop; 0 runs them on it, `queryConcurrency` at a time.
   */
  queryThreads: number;
  /** Queries waiting for a slot beyond which /query answers 503. */
  queryQueueLimit: number;
  extractionTimeoutMs: number;
  extractionMaxMemoryMb: number;
  /** On PostgreSQL: how long a running job's lease lasts unrenewed before another process takes the job (a dead process's). */
  ingestLeaseMs: number;
  /** Optional OpenAI-compatible chat-completions endpoint; all three set or none. */
  llm: { baseUrl: string; model: string; apiKey: string; timeoutMs: number } | null;
  trustProxy: boolean;
  /** Time to receive a whole request (headers and body) before 408; Node checks it every few seconds. */
  requestTimeoutMs: number;
  /** Longest pause between two chunks of an upload's body before 408. */
  bodyTimeoutMs: number;
  /** On SIGTERM/SIGINT, how long in-flight requests may finish before their connections are cut. */
  shutdownTimeoutMs: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function oneOf<T extends string>(env: Env, name: string, fallback: T, allowed: readonly T[]): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(`${name} must be one of ${allowed.join(', ')}, got "${raw}"`);
  }
  return raw as T;
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function blobUrl(env: Env): string | null {
  const value = env.FOLIO_BLOB_URL?.trim() || null;
  if (value && !parseS3Url(value)) throw new ConfigError(`FOLIO_BLOB_URL must be s3://bucket[/prefix]?endpoint=...&region=..., got "${value}"`);
  return value;
}

function llmConfig(env: Env): Config['llm'] {
  const baseUrl = env.FOLIO_LLM_BASE_URL?.trim() || '';
  const model = env.FOLIO_LLM_MODEL?.trim() || '';
  const apiKey = env.FOLIO_LLM_API_KEY?.trim() || '';
  if (!baseUrl && !model) return null;
  if (!baseUrl || !model) {
    throw new ConfigError('FOLIO_LLM_BASE_URL and FOLIO_LLM_MODEL must be set together');
  }
  try {
    const url = new URL(baseUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol');
  } catch {
    throw new ConfigError(`FOLIO_LLM_BASE_URL must be an http(s) URL, got "${baseUrl}"`);
  }
  return { baseUrl, model, apiKey, timeoutMs: integer(env, 'FOLIO_LLM_TIMEOUT_MS', 30_000, 100, 600_000) };
}

/**
 * One answering thread per core but one, from 1 to 4: the main thread keeps a core for HTTP,
 * authentication and uploads, and past 4 the single SQLite writer, not reading, is the limit.
 */
export function defaultQueryThreads(cores = availableParallelism()): number {
  return Math.max(1, Math.min(4, cores - 1));
}

function databaseUrl(env: Env): string | null {
  const raw = env.FOLIO_DATABASE_URL?.trim() || '';
  if (raw === '') return null;
  if (!/^postgres(ql)?:\/\//.test(raw)) throw new ConfigError(`FOLIO_DATABASE_URL must be a postgres:// URL, got "${raw}"`);
  return raw;
}

function redisUrl(env: Env): string | null {
  const raw = env.FOLIO_REDIS_URL?.trim() || '';
  if (raw === '') return null;
  if (!/^rediss?:\/\//.test(raw)) throw new ConfigError(`FOLIO_REDIS_URL must be a redis:// URL, got "${raw}"`);
  return raw;
}

function clauseModel(env: Env): string | null {
  if (!env.FOLIO_CLAUSE_MODEL?.trim()) return null;
  const files = clauseModelFiles(env);
  for (const file of [files.model, files.columns]) {
    if (!existsSync(file)) throw new ConfigError(`FOLIO_CLAUSE_MODEL: ${fileURLToPath(file)} does not exist (npm run train:clauses -- --out FILE writes both files)`);
  }
  return fileURLToPath(files.model);
}

/** Reads and validates the configuration; throws ConfigError naming the first bad variable. */
export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const config: Config = {
    dataDir: resolve(env.FOLIO_DATA_DIR?.trim() || './data'),
    databaseUrl: databaseUrl(env),
    blobUrl: blobUrl(env),
    redisUrl: redisUrl(env),
    clauseModel: clauseModel(env),
    redisPrefix: env.FOLIO_REDIS_PREFIX ?? 'folio:',
    host: env.FOLIO_HOST?.trim() || '127.0.0.1',
    port: integer(env, 'FOLIO_PORT', integer(env, 'PORT', 8080, 0, 65535), 0, 65535),
    logLevel: oneOf(env, 'FOLIO_LOG_LEVEL', 'info', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const),
    rateLimitDefault: integer(env, 'FOLIO_RATE_LIMIT', 100, 1, 1_000_000_000),
    rateLimitWindowSeconds: integer(env, 'FOLIO_RATE_LIMIT_WINDOW_SECONDS', 60, 1, 86_400),
    anonymousRateLimit: integer(env, 'FOLIO_ANONYMOUS_RATE_LIMIT', 60, 1, 1_000_000_000),
    maxInflightRequests: integer(env, 'FOLIO_MAX_INFLIGHT_REQUESTS', 512, 1, 1_000_000),
    shedLagMs: integer(env, 'FOLIO_SHED_LAG_MS', 150, 0, 600_000),
    readConcurrency: integer(env, 'FOLIO_READ_CONCURRENCY', 8, 0, 10_000),
    readMaxWaitMs: integer(env, 'FOLIO_READ_MAX_WAIT_MS', 1000, 1, 600_000),
    maxUploadBytes: integer(env, 'FOLIO_MAX_UPLOAD_BYTES', 100 * 1024 * 1024, 1, 64 * 1024 ** 3),
    uploadReadyWaitMs: integer(env, 'FOLIO_UPLOAD_READY_WAIT_MS', 3000, 0, 600_000),
    ingestConcurrency: integer(env, 'FOLIO_INGEST_CONCURRENCY', 2, 1, 64),
    ingestQueueLimit: integer(env, 'FOLIO_INGEST_QUEUE_LIMIT', 1000, 1, 1_000_000),
    ingestWorkspaceQueueLimit: integer(env, 'FOLIO_INGEST_WORKSPACE_QUEUE_LIMIT', 250, 1, 1_000_000),
    ingestOrgQueueLimit: integer(env, 'FOLIO_INGEST_ORG_QUEUE_LIMIT', 500, 1, 1_000_000),
    queryConcurrency: integer(env, 'FOLIO_QUERY_CONCURRENCY', 4, 1, 256),
    queryQueueLimit: integer(env, 'FOLIO_QUERY_QUEUE_LIMIT', 64, 0, 100_000),
    queryThreads: integer(env, 'FOLIO_QUERY_THREADS', defaultQueryThreads(), 0, 64),
    extractionTimeoutMs: integer(env, 'FOLIO_EXTRACTION_TIMEOUT_MS', 120_000, 100, 3_600_000),
    ingestLeaseMs: integer(env, 'FOLIO_INGEST_LEASE_MS', 30_000, 1_000, 3_600_000),
    extractionMaxMemoryMb: integer(env, 'FOLIO_EXTRACTION_MAX_MEMORY_MB', 512, 32, 16_384),
    llm: llmConfig(env),
    trustProxy: boolean(env, 'FOLIO_TRUST_PROXY', false),
    requestTimeoutMs: integer(env, 'FOLIO_REQUEST_TIMEOUT_MS', 300_000, 100, 86_400_000),
    bodyTimeoutMs: integer(env, 'FOLIO_BODY_TIMEOUT_MS', 30_000, 100, 3_600_000),
    shutdownTimeoutMs: integer(env, 'FOLIO_SHUTDOWN_TIMEOUT_MS', 10_000, 0, 3_600_000),
  };
  return { ...config, ...overrides };
}
