import { readFileSync } from 'node:fs';

const CLOCK_TICKS_PER_S = 100; // USER_HZ: 100 on every Linux this runs on

/**
 * CPU seconds (user + system) a process has used so far, from /proc; NaN where /proc is missing.
 * Per-request CPU time is far steadier than throughput on a machine shared with other work: it
 * does not fall when another process takes the core.
 */
export function processCpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may contain spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    return (utime + stime) / CLOCK_TICKS_PER_S;
  } catch {
    return Number.NaN;
  }
}

/** CPU seconds this (load generator) process has used so far. */
export function ownCpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}
