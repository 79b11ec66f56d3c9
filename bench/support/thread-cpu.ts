import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU seconds (user + system) of each thread of process `pid`, with the thread's name, and the
 * seconds it spent runnable but waiting for a core (schedstat's run-queue wait), from /proc.
 */
export function threadCpu(pid: number): Map<string, { name: string; seconds: number; waitSeconds: number }> {
  const out = new Map<string, { name: string; seconds: number; waitSeconds: number }>();
  // Child processes (text extraction) are listed as one kind, "children".
  for (const child of readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean)) {
    for (const [tid, t] of threadCpu(Number(child))) out.set(`${child}/${tid}`, { ...t, name: 'children' });
  }
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const fields = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      const name = `${tid === String(pid) ? 'main thread' : readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim()} (nice ${fields[16]})`;
      const waitNs = Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[1] ?? 0);
      out.set(tid, { name, seconds: (Number(fields[11]) + Number(fields[12])) / 100, waitSeconds: waitNs / 1e9 });
    } catch {
      // The thread ended between listing and reading.
    }
  }
  return out;
}

/** CPU seconds and run-queue wait per kind of thread between two threadCpu readings. */
export function cpuByKind(before: ReturnType<typeof threadCpu>, after: ReturnType<typeof threadCpu>): Array<{ name: string; seconds: number; waitSeconds: number }> {
  const kinds = new Map<string, { name: string; seconds: number; waitSeconds: number }>();
  for (const [tid, t] of after) {
    const kind = kinds.get(t.name) ?? { name: t.name, seconds: 0, waitSeconds: 0 };
    kind.seconds += t.seconds - (before.get(tid)?.seconds ?? 0);
    kind.waitSeconds += t.waitSeconds - (before.get(tid)?.waitSeconds ?? 0);
    kinds.set(t.name, kind);
  }
  return [...kinds.values()].sort((a, b) => b.seconds - a.seconds);
}
