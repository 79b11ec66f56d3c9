import { randomUUID } from 'node:crypto';
import type { Store } from '../db/store.js';
import type { Clock } from './clock.js';

/**
 * What a use case needs: the repositories it uses (`CoreDeps<'orgs' | 'users'>` sees only those
 * two), the clock and an id source (tests pass fixed ones). The composition root passes the whole
 * store; each use case's signature says which part of it the use case may touch.
 */
export interface CoreDeps<K extends keyof Store = keyof Store> {
  store: Pick<Store, K>;
  clock: Clock;
  newId?: () => string;
}

export function newUuid(deps: Pick<CoreDeps<never>, 'newId'>): string {
  return (deps.newId ?? randomUUID)();
}
