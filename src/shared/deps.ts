import { randomUUID } from 'node:crypto';
import type { Store } from '../db/store.js';
import type { Clock } from './clock.js';

/** What every use case needs: the store, the clock and an id source (tests pass fixed ones). */
export interface CoreDeps {
  store: Store;
  clock: Clock;
  newId?: () => string;
}

export function newUuid(deps: CoreDeps): string {
  return (deps.newId ?? randomUUID)();
}
