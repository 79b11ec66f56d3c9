import { readFileSync, writeFileSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

const AUTOGROUP = '/proc/self/autogroup';

/**
 * Lowers this load generator's CPU priority to `nice` for one load, and returns what puts it back.
 *
 * Two levers, because with Linux's autogroup scheduling (on by default) a thread's nice value ranks
 * it only against threads of its own session (sched(7), "The autogroup feature"):
 * - the thread's nice value (setPriority) ranks the generator below a server started in the
 *   generator's own session (`--sessions shared`);
 * - the session's autogroup nice value (/proc/self/autogroup) ranks the generator's whole group
 *   below a server in a session of its own (`--sessions own`). Without it, a niced generator still
 *   took its full half of the cores from such a server.
 * The second lever is absent where the kernel has no autogroup; the first then does the whole job.
 * Raising a priority back needs CAP_SYS_NICE: without it the generator stays niced (and says so).
 */
export function lowerGeneratorPriority(nice: number): { restore: () => void; description: string } {
  const threadBefore = getPriority(0);
  setPriority(0, nice);
  const groupBefore = readAutogroupNice();
  let group = 'no autogroup';
  if (groupBefore !== null) {
    try {
      writeFileSync(AUTOGROUP, String(nice));
      group = `its session's autogroup at nice ${nice}`;
    } catch (error) {
      group = `autogroup nice not set (${(error as Error).message})`;
    }
  }
  return {
    description: `nice ${nice}, ${group}`,
    restore: () => {
      try {
        if (groupBefore !== null) writeFileSync(AUTOGROUP, String(groupBefore));
        setPriority(0, threadBefore);
      } catch (error) {
        console.warn(`load generator priority not restored (${(error as Error).message}); later loads in this run keep nice ${nice}`);
      }
    },
  };
}

/** The autogroup nice value of this process's session, or null where the kernel has no autogroup. */
function readAutogroupNice(): number | null {
  try {
    const m = /nice\s+(-?\d+)/.exec(readFileSync(AUTOGROUP, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}
