/**
 * The Node flags the service runs with in production (package.json's `start`, the README's
 * production command, docs/deployment.md), so the benches measure the process that is deployed
 * (test/platform/start-flags.test.ts keeps the three the same).
 *
 * `--min-semi-space-size=8` (MiB): V8 shrinks the young generation to 1 MiB whenever the process
 * goes quiet, and grows it back only as objects survive; a service's requests leave few survivors,
 * so after a quiet spell it can stay small for good. Two renova processes of the same build under
 * the same counters load collected 20 or 160 times in 10 s depending on that history; with the
 * flag, 20–41 times, whatever the history (session 37, docs/benchmarks.md).
 */
export const SERVICE_NODE_FLAGS = '--min-semi-space-size=8';

/** A space-separated list of Node flags (an environment variable's value) as arguments. */
export const nodeArgs = (text: string | undefined): string[] => (text ?? '').split(/\s+/).filter(Boolean);

/** The service's flags; `BENCH_SERVICE_NODE_FLAGS` replaces them (empty: none), to measure a service started otherwise. */
export const serviceNodeFlags = (): string[] => nodeArgs(process.env.BENCH_SERVICE_NODE_FLAGS ?? SERVICE_NODE_FLAGS);
