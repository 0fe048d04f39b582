// CPU used during a measurement, from /proc (Linux): by a process group the bench started (a server and
// its children) and by the bench process itself (the load generator). Shows which side was the limit.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

let ticksPerSecond = 100;
try {
  ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
} catch {
  // keep 100, the Linux default
}

/**
 * CPU seconds (user + system, each with its reaped children's) of every live process that `matches`
 * (its pid and its /proc stat fields after the name). Reaped children count: Chromium's renderers come
 * and go within a Lighthouse run, and PostgreSQL backends end with their connections.
 */
function cpuSecondsOf(matches) {
  if (!fs.existsSync('/proc')) return null;
  let ticks = 0;
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (!matches(Number(name), fields)) continue;
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks / ticksPerSecond;
}

/** CPU seconds of every live process whose process group is `pgid` (a server and its children). */
export function groupCpuSeconds(pgid) {
  return cpuSecondsOf((_pid, fields) => Number(fields[2]) === pgid);
}

/** Busy CPU seconds of the whole machine (all cores), from /proc/stat. */
export function machineBusySeconds() {
  try {
    const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const [user, nice, system, , , irq, softirq, steal] = fields;
    return (user + nice + system + irq + softirq + (steal ?? 0)) / ticksPerSecond;
  } catch {
    return null;
  }
}

/**
 * Starts measuring; `stop()` → { wall, self, groups: { [pgid]: percent of one core }, groupSeconds:
 * { [pgid]: CPU seconds }, others } (self = this process; others = percent of one core used by every
 * other process of the machine: other work running at the same time makes the numbers unreliable).
 */
export function cpuMeter(pgids = []) {
  const started = process.hrtime.bigint();
  const self = process.cpuUsage();
  const machineBefore = machineBusySeconds();
  const groups = new Map(pgids.filter(Boolean).map((pgid) => [pgid, groupCpuSeconds(pgid)]));
  return {
    stop() {
      const wall = Number(process.hrtime.bigint() - started) / 1e9;
      const used = process.cpuUsage(self);
      const percent = (seconds) => (seconds === null || wall <= 0 ? null : Math.round((seconds / wall) * 100));
      const out = { wall, self: percent((used.user + used.system) / 1e6), groups: {}, groupSeconds: {} };
      for (const [pgid, before] of groups) {
        const after = groupCpuSeconds(pgid);
        out.groupSeconds[pgid] = before === null || after === null ? null : after - before;
        out.groups[pgid] = percent(out.groupSeconds[pgid]);
      }
      const machineAfter = machineBusySeconds();
      if (machineBefore !== null && machineAfter !== null) {
        const ours = (used.user + used.system) / 1e6 + Object.values(out.groupSeconds).reduce((t, v) => t + (v ?? 0), 0);
        out.others = Math.max(0, percent(machineAfter - machineBefore - ours));
      } else {
        out.others = null;
      }
      return out;
    },
  };
}

/**
 * CPU seconds of a process and its children: for PostgreSQL, the postmaster and its backends. A
 * backend that ended during the window is counted in the postmaster's reaped-children time.
 */
export function treeCpuSeconds(rootPid) {
  return cpuSecondsOf((pid, fields) => pid === rootPid || Number(fields[1]) === rootPid);
}

/** The parent of a process (/proc/PID/status PPid), or null. */
export function parentPid(pid) {
  try {
    const match = /^PPid:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/**
 * treeCpuSeconds split by process: each child by its command line with the variable parts left out
 * (PostgreSQL names its processes "postgres: walwriter", "postgres: USER DB ADDRESS(PORT) STATE"), the
 * root's own time and its reaped children's apart. → { label: seconds }
 */
export function treeCpuByProcess(rootPid) {
  const out = {};
  if (!fs.existsSync('/proc')) return out;
  const add = (label, ticks) => (out[label] = (out[label] ?? 0) + ticks / ticksPerSecond);
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const own = Number(fields[11]) + Number(fields[12]);
      const reaped = Number(fields[13]) + Number(fields[14]);
      if (Number(name) === rootPid) {
        add('postmaster', own);
        add('ended children (reaped)', reaped);
        continue;
      }
      if (Number(fields[1]) !== rootPid) continue;
      const command = fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      const label = /^postgres: \S+ \S+ [\d.:]+\(\d+\)/.test(command) ? 'client backends' : command.replace(/\s+\S*\d\S*/g, '').trim();
      add(label, own + reaped);
    } catch {
      // the process ended meanwhile
    }
  }
  return out;
}
