/**
 * Is the machine quiet enough for a figure to count? Three readings around every measured case:
 *
 * - the load average before it (/proc/loadavg), printed beside the figure: what an operator
 *   would look at, though after a case that saturated both cores it still shows that case;
 * - the CPU the rest of the machine used while it ran: every core's busy time (/proc/stat)
 *   minus what the bench's own processes used (the service, its database backends, the load
 *   generator, this process). That share is what skews a figure, so it decides: a case where
 *   others used more than BUSY_CORES is marked busy, and its figure is left out of the verdict
 *   when a quiet repeat exists (see quietOnly);
 * - the time the whole machine was stalled on I/O while it ran (/proc/pressure/io, "full": every
 *   runnable task waiting on the disk at once), where the kernel reports pressure. A read case
 *   served from memory stalls for next to none, so a stall means writeback of earlier work, or
 *   pages evicted by the other database (the scale run's two databases are together larger than
 *   memory). A read case stalled for more than IO_STALL_SHARE of its time is marked busy too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';

/** Cores' worth of other work during a case above which the case is marked busy. */
export const BUSY_CORES = Number(process.env.BENCH_BUSY_CORES ?? 0.25);

/** Share of a case's time the machine may spend stalled on I/O before the case is marked busy. */
export const IO_STALL_SHARE = Number(process.env.BENCH_IO_STALL_SHARE ?? 0.02);

const HZ_MS = 10; // /proc/stat counts in USER_HZ (100 per second on Linux)

/** The 1-minute load average. */
export function loadAverage(): number {
  try {
    return Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
  } catch {
    return Number.NaN;
  }
}

/** Busy CPU time of the whole machine so far, in ms (user, nice, system, irq, softirq, steal). */
export function machineBusyMs(): number {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const [, user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).map(Number);
    return ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) * HZ_MS;
  } catch {
    return Number.NaN;
  }
}

/** Time (ms) every runnable task has spent stalled on I/O at once, so far; NaN without pressure stall information. */
export function ioStallMs(): number {
  try {
    const full = readFileSync('/proc/pressure/io', 'utf8').match(/^full .*total=(\d+)/m);
    return full ? Number(full[1]) / 1000 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/**
 * Waits until a whole second passes with the machine below half of BUSY_CORES busy, at most
 * `maxS` seconds; answers the seconds waited, so no case starts while earlier work (a warm-up, a
 * round's writes) is still running. In session 13 the first case of every scale round read 0.16–0.29
 * of a core of "others" and the later ones 0.00–0.05; with this wait (one second each time) only
 * round 1's first case still read busy, which this does not explain.
 */
export async function waitQuiet(maxS = 20): Promise<number> {
  const started = performance.now();
  for (;;) {
    const before = machineBusyMs();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const cores = (machineBusyMs() - before) / 1000;
    const waited = (performance.now() - started) / 1000;
    if (!(cores >= BUSY_CORES / 2) || waited >= maxS) return waited;
  }
}

/**
 * CPU (ms) of this process and everything it started, alive or reaped (each process's own time plus
 * its reaped children's), and of the PostgreSQL server's and Chromium's processes: the bench's own work, for cases
 * whose processes the bench does not track one by one (imports, exports, journey opening).
 */
export function benchTreeMs(): number {
  const procs: { pid: number; ppid: number; comm: string; ms: number }[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
      procs.push({ pid: Number(name), ppid: Number(f[1]), comm, ms: ticks * HZ_MS });
    } catch {} // gone meanwhile
  }
  const mine = new Set([process.pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of procs)
      if (!mine.has(p.pid) && mine.has(p.ppid)) {
        mine.add(p.pid);
        grew = true;
      }
  }
  // Chromium's zygote and renderers are re-parented away from the browser process that Playwright
  // starts, so they are recognised by name (the portal bench).
  const ours = (p: (typeof procs)[number]) => mine.has(p.pid) || p.comm === 'postgres' || /^chrom/.test(p.comm);
  return procs.filter(ours).reduce((sum, p) => sum + p.ms, 0);
}

/** What the machine was doing around one case. */
export interface Quietness {
  /** 1-minute load average just before the case. */
  load: number;
  /** Cores' worth of CPU used by processes other than the bench's own during the case. */
  otherCores: number;
  /** Milliseconds the machine was stalled on I/O during the case (NaN where the kernel does not say). */
  ioStallMs: number;
  busy: boolean;
}

/**
 * Starts watching: call before the case with the bench's own CPU so far (ms), and the returned
 * function after it with the bench's own CPU then. A case that `writes` waits on the disk by its
 * nature: its I/O stall is printed, not held against it.
 */
export function watchMachine(
  ownMsBefore: number,
  { writes = false }: { writes?: boolean } = {},
): (ownMsAfter: number) => Quietness {
  const load = loadAverage();
  const busyBefore = machineBusyMs();
  const stallBefore = ioStallMs();
  const started = performance.now();
  return (ownMsAfter: number) => {
    const wallMs = Math.max(1, performance.now() - started);
    const others = machineBusyMs() - busyBefore - (ownMsAfter - ownMsBefore);
    // /proc/stat ticks are 10 ms per core: a short case can read slightly negative.
    const otherCores = Math.max(0, others / wallMs);
    const stalled = ioStallMs() - stallBefore;
    return {
      load,
      otherCores,
      ioStallMs: stalled,
      busy: !(otherCores <= BUSY_CORES) || (!writes && stalled > IO_STALL_SHARE * wallMs),
    };
  };
}

export const describeQuiet = (q: Quietness) =>
  `load ${q.load.toFixed(2)}, others ${q.otherCores.toFixed(2)} of ${cpus().length} cores` +
  (Number.isNaN(q.ioStallMs) ? '' : `, I/O stall ${q.ioStallMs.toFixed(0)} ms`) +
  (q.busy ? ' BUSY' : '');

/** The quiet measurements, or all of them (each still marked) when none was quiet. */
export function quietOnly<T extends { quiet: Quietness }>(xs: T[]): { used: T[]; allBusy: boolean } {
  const quiet = xs.filter((x) => !x.quiet.busy);
  return quiet.length > 0 ? { used: quiet, allBusy: false } : { used: xs, allBusy: true };
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** "median (min–max)". */
export const spread = (xs: number[], digits = 2) =>
  `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`;

/** A figure's verdict: BUSY when every run of it was measured beside other work (not counted either way). */
export function verdict(figure: { pass: boolean; busy?: boolean }): string {
  return figure.busy ? 'BUSY (not counted)' : figure.pass ? 'PASS' : 'MISS';
}
