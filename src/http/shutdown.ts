import type { FastifyInstance } from 'fastify';

/**
 * Stops taking requests and waits for the in-flight ones, but not forever: past `deadlineMs` the open
 * connections are cut (a client trickling an upload would otherwise hold SIGTERM off indefinitely).
 * Resolves with whether the deadline had to cut anything.
 */
export async function closeWithDeadline(app: FastifyInstance, deadlineMs: number): Promise<{ cut: boolean }> {
  let cut = false;
  const timer = setTimeout(() => {
    cut = true;
    app.log.warn({ deadlineMs }, 'shutdown deadline reached: closing open connections');
    app.server.closeAllConnections();
  }, deadlineMs);
  try {
    await app.close();
  } finally {
    clearTimeout(timer);
  }
  return { cut };
}
