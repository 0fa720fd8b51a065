import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Clock ticks a process has run (utime + stime, /proc/<pid>/stat), or undefined when unreadable. */
export function cpuTicks(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

/** The clock ticks in a second (/proc reports in USER_HZ, 100 on Linux). */
export const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();
