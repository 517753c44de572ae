/**
 * What tells one process from another that later got the same pid: the kernel's boot id (a pid
 * recorded before a reboot, or before a container's host rebooted, names nothing now) and the
 * process's start time, in clock ticks since boot (`/proc/<pid>/stat`, field 22). Both are read
 * from Linux's /proc; elsewhere they are undefined and a pid is judged by whether it runs alone.
 */
import { readFileSync } from 'node:fs';

let bootId: string | null | undefined;

/** This boot's id (`/proc/sys/kernel/random/boot_id`), or undefined where there is none. */
export function readBootId(): string | undefined {
  if (bootId === undefined) {
    try {
      bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || null;
    } catch {
      bootId = null;
    }
  }
  return bootId ?? undefined;
}

/** When the process `pid` started, in clock ticks since boot, or undefined (no such process, or no /proc). */
export function readProcessStart(pid: number): string | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name (field 2) is in parentheses and may hold spaces and parentheses itself.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Field 3 is the first after the name, so field 22 is the 20th.
  const start = fields[19];
  return start !== undefined && /^\d+$/.test(start) ? start : undefined;
}
