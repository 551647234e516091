/**
 * The benchmarks' load generator, run in a process of its own (bench/dashboard.ts forks it) so
 * that it never shares an event loop, or a CPU account, with the service it measures.
 *
 * - Open loop (`rate`): request i is due at start + i / rate, evenly spaced, and is sent when due
 *   whatever is still in flight; its latency counts from when it was due, so a generator or a
 *   server that falls behind shows up in the latency instead of silently lowering the rate.
 * - Closed loop (`connections` without `rate`): that many clients, each sending its next request
 *   when the previous answer arrives; for maximum throughput.
 *
 * It answers each message (a LoadSpec) with one LoadResult.
 */
import http from 'node:http';

export interface LoadSpec {
  base: string;
  paths: string[];
  headers?: Record<string, string>;
  durationS: number;
  rate?: number;
  connections?: number;
}

export interface LoadResult {
  sent: number;
  completed: number;
  errors: number;
  p50: number;
  p99: number;
  max: number;
  /** Answers per second over the run. */
  throughput: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });

function send(spec: LoadSpec, path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.request(`${spec.base}${path}`, { agent, headers: spec.headers }, (response) => {
      response.on('data', () => {});
      response.on('end', () => resolve((response.statusCode ?? 0) < 400));
      response.on('error', () => resolve(false));
    });
    request.on('error', () => resolve(false));
    request.end();
  });
}

const percentile = (sorted: Float64Array, p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number);

export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let sent = 0;
  const started = performance.now();
  const end = started + spec.durationS * 1000;
  const record = (from: number, ok: boolean) => {
    latencies.push(performance.now() - from);
    if (!ok) errors++;
  };
  const inFlight: Promise<void>[] = [];
  if (spec.rate) {
    const interval = 1000 / spec.rate;
    const total = Math.floor(spec.durationS * spec.rate);
    await new Promise<void>((resolve) => {
      const tick = () => {
        const now = performance.now();
        while (sent < total && started + sent * interval <= now) {
          const due = started + sent * interval;
          const path = spec.paths[sent % spec.paths.length] as string;
          sent++;
          inFlight.push(send(spec, path).then((ok) => record(due, ok)));
        }
        if (sent >= total) resolve();
        else setTimeout(tick, Math.max(0, Math.min(1, started + sent * interval - performance.now())));
      };
      tick();
    });
  } else {
    const client = async (offset: number) => {
      for (let i = offset; performance.now() < end; i++) {
        const from = performance.now();
        sent++;
        record(from, await send(spec, spec.paths[i % spec.paths.length] as string));
      }
    };
    for (let c = 0; c < (spec.connections ?? 20); c++) inFlight.push(client(c));
  }
  await Promise.all(inFlight);
  const elapsedS = (performance.now() - started) / 1000;
  const sorted = Float64Array.from(latencies).sort();
  return {
    sent,
    completed: latencies.length,
    errors,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    max: sorted.length ? (sorted[sorted.length - 1] as number) : 0,
    throughput: latencies.length / elapsedS,
  };
}

if (process.send) {
  process.on('message', async (spec: LoadSpec) => {
    process.send?.(await runLoad(spec));
  });
  process.on('disconnect', () => {
    agent.destroy();
    process.exit(0);
  });
}
