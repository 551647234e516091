/**
 * The Node flags the service runs with in production (package.json's `start`, the README's
 * production command, docs/deployment.md), so the benches measure the process that is deployed.
 *
 * `--min-semi-space-size=8` (MiB): V8 shrinks the young generation to 1 MiB whenever the process
 * goes quiet, and grows it back only as objects survive; a service's requests leave few survivors,
 * so after a quiet spell it can stay small for good. Two renova processes of the same build under
 * the same counters load collected 20 or 160 times in 10 s depending on that history; with the
 * flag, 20–41 times, whatever the history (session 37, docs/benchmarks.md).
 *
 * `BENCH_SERVICE_NODE_FLAGS` replaces them (empty: none), to measure a service started otherwise.
 */
export function serviceNodeFlags(): string[] {
  const flags = process.env.BENCH_SERVICE_NODE_FLAGS ?? '--min-semi-space-size=8';
  return flags.split(/\s+/).filter(Boolean);
}
