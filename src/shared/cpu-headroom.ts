import { availableParallelism, cpus } from 'node:os';

/** Where the readings come from: injected in tests. */
export interface CpuSources {
  /** Milliseconds, monotonic. */
  now(): number;
  /** Busy time of every core since boot, all processes together, in ms (os.cpus(): user, nice, sys, irq). */
  machineBusyMs(): number;
  /** Busy time of this process, all its threads, in ms (process.cpuUsage()). */
  processBusyMs(): number;
  cores(): number;
}

const systemSources: CpuSources = {
  now: () => performance.now(),
  machineBusyMs: () => cpus().reduce((sum, cpu) => sum + cpu.times.user + cpu.times.nice + cpu.times.sys + cpu.times.irq, 0),
  processBusyMs: () => {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1000;
  },
  // Not cpus().length: that reads every core's description again, for a count that does not change.
  cores: () => availableParallelism(),
};

export interface CpuHeadroom {
  /** Cores the machine had left over the last interval once other processes took theirs (this process's own use counts as free). */
  freeCores(): number;
}

/**
 * How much of the machine other processes leave to this one: the machine's busy time minus this
 * process's own, over the last interval, read when asked and at most once per interval (os.cpus()
 * reads /proc/stat). Work that only pays on an idle core (a second thread for one search) asks
 * this rather than whether its own threads are free: a core can be busy with another process (an
 * extraction child, a load generator, another server) while every thread of this one is idle.
 * Before a first interval has passed, the whole machine counts as free.
 */
export function createCpuHeadroom(sources: CpuSources = systemSources, intervalMs = 1_000): CpuHeadroom {
  let last: { at: number; machine: number; own: number } | null = null;
  let free = sources.cores();
  return {
    freeCores() {
      const at = sources.now();
      if (last && at - last.at < intervalMs) return free;
      const machine = sources.machineBusyMs();
      const own = sources.processBusyMs();
      if (last) {
        const others = Math.max(0, machine - last.machine - (own - last.own)) / (at - last.at);
        free = Math.max(0, sources.cores() - others);
      }
      last = { at, machine, own };
      return free;
    },
  };
}
