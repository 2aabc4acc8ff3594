import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

interface ProcStat {
  pid: number;
  ppid: number;
  cpuTicks: number;
}

function statOf(pid: number): ProcStat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses; the fields after its last ')' are fixed.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const number = (index: number) => Number(fields[index]);
    // After the name: state(0) ppid(1) … utime(11) stime(12) cutime(13) cstime(14).
    return { pid, ppid: number(1), cpuTicks: number(11) + number(12) + number(13) + number(14) };
  } catch {
    return null;
  }
}

function rssKbOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** The process and all its descendants now (a browser's processes are children of its driver). */
function tree(root: number): ProcStat[] {
  const all = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => statOf(Number(name)))
    .filter((stat): stat is ProcStat => stat !== null);
  const members = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const stat of all)
      if (!members.has(stat.pid) && members.has(stat.ppid)) {
        members.add(stat.pid);
        grew = true;
      }
  }
  return all.filter((stat) => members.has(stat.pid));
}

/**
 * Samples this process's whole tree (Node and the browser processes it started): the peak of
 * their summed resident memory, and the CPU time they used, as measured when `stop` is called
 * (before the browser closes, so its processes still count).
 */
export function sampleProcessTree(intervalMs = 100): { stop(): { peakRssKb: number; cpuSeconds: number } } {
  let peakRssKb = 0;
  const sample = () => {
    const rss = tree(process.pid).reduce((sum, stat) => sum + rssKbOf(stat.pid), 0);
    peakRssKb = Math.max(peakRssKb, rss);
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      const cpuTicks = tree(process.pid).reduce((sum, stat) => sum + stat.cpuTicks, 0);
      return { peakRssKb, cpuSeconds: cpuTicks / TICKS_PER_SECOND };
    },
  };
}
