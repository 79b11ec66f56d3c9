import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { WriteCounter } from './write-counter.js';

/**
 * Tells other processes that this one wrote, over Redis pub/sub, and counts what they tell this
 * one: the remote part of the read cache's change token (shared-change-token.ts). One message
 * per event-loop turn with writes, whatever their number.
 */
export async function createRedisChangeFeed(redis: Redis, prefix: string, writes: WriteCounter) {
  const channel = `${prefix}changes`;
  const me = randomUUID();
  let remote = 0;
  const subscriber = redis.duplicate();
  subscriber.on('error', () => {});
  subscriber.on('message', (from: string, message: string) => {
    if (from === channel && message !== me) remote += 1;
  });
  await subscriber.subscribe(channel);
  let scheduled = false;
  let publishing: Promise<unknown> = Promise.resolve();
  const publish = () => {
    scheduled = false;
    // A lost message only delays the others' refresh to the token's maximum age.
    publishing = redis.publish(channel, me).catch(() => {});
  };
  const stopListening = writes.onWrite(() => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(publish);
  });
  return {
    /** Change messages received from other processes. */
    remote: () => remote,
    /** Stops listening, once the last change is announced (a CLI command ends right after its write). */
    async close(): Promise<void> {
      stopListening();
      if (scheduled) publish();
      await publishing;
      subscriber.disconnect();
    },
  };
}
