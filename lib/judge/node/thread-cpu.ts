import fs from "node:fs";

/**
 * CPU time of one thread, read from Linux's /proc (utime + stime, in clock ticks of 10 ms). The
 * judge's safety nets measure this instead of wall time: a thread's CPU time for the same work is
 * the same on an idle machine and under a CPU hog, so a verdict does not depend on the load.
 */

/** USER_HZ: 100 on every Linux build Node supports. */
const MS_PER_TICK = 10;

function cpuMsOf(stat: string): number | undefined {
  // Fields after the command name (which may contain spaces): state is field 3, utime 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(ticks) ? ticks * MS_PER_TICK : undefined;
}

export interface ThreadCpuClock {
  /** This thread's id, for another thread to read its CPU time (readThreadCpuMs). */
  tid: number;
  /** CPU ms this thread has used. */
  now(): number;
  /** How far below the true CPU time a read may be: user and system time are each rounded down. */
  resolutionMs: number;
}

/** The calling thread's CPU clock; undefined where /proc is not available (not Linux). */
export function openThreadCpuClock(): ThreadCpuClock | undefined {
  try {
    // /proc/thread-self resolves when opened: the descriptor stays on the thread that opened it.
    const fd = fs.openSync("/proc/thread-self/stat", "r");
    const buffer = Buffer.alloc(1024);
    const read = () => cpuMsOf(buffer.toString("latin1", 0, fs.readSync(fd, buffer, 0, 1024, 0)));
    const stat = buffer.toString("latin1", 0, fs.readSync(fd, buffer, 0, 1024, 0));
    const tid = Number(stat.slice(0, stat.indexOf(" ")));
    if (!Number.isInteger(tid) || read() === undefined) {
      fs.closeSync(fd);
      return undefined;
    }
    let last = 0;
    // Monotonic whatever a read returns. A read is a system call: the judge's NetClock reads only
    // when a deadline may have passed.
    return {
      tid,
      now: () => (last = Math.max(last, read() ?? last)),
      resolutionMs: 2 * MS_PER_TICK,
    };
  } catch {
    return undefined;
  }
}

/** CPU ms used so far by a thread of this process; undefined once it is gone. */
export function readThreadCpuMs(tid: number): number | undefined {
  try {
    return cpuMsOf(fs.readFileSync(`/proc/self/task/${tid}/stat`, "latin1"));
  } catch {
    return undefined;
  }
}
