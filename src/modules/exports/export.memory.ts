import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the old generation grow past what its last full collection found alive, for
 * the whole process. By default the factor rises to 4 when the program spends little time in GC,
 * so a service with ~45 MiB alive let its old space reach ~140 MiB before collecting it, and an
 * export's rows — alive while their chunk is written, so a scavenge finds them and moves them to
 * the old generation (page promotion) — filled that room: 100,000 rows took a 180 MiB service to
 * 230 MiB (CSV) and 255 MiB (xlsx). At 1.5× the old space is collected sooner: measured with
 * bench/export.ts, the service starts lower and an export adds a few MiB, for about 10% more CPU
 * in an export (docs/benchmarks.md). Set when this module loads, before the service's first
 * collections size the heap. An explicit `--heap-growing-percent` in NODE_OPTIONS is kept.
 */
export const HEAP_GROWING_PERCENT = 50;

const explicit = /--heap[-_]growing[-_]percent/.test(`${process.env.NODE_OPTIONS ?? ''} ${process.execArgv.join(' ')}`);
if (!explicit) setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
