import { setFlagsFromString } from 'node:v8';

/**
 * V8 settings for the processes that stream large sheets and exports (the service, `renova
 * import`), set in one place when the first module that needs them loads. Both are read by V8 at
 * each collection, so setting them at run time, before the first sheet or export, is enough.
 * Measured with bench/import.ts and bench/export.ts (docs/benchmarks.md).
 *
 * - No allocation-site pretenuring. ExcelJS's reader decodes every cell address into a new object
 *   and caches those of the first 100 rows and columns; seeing the cached ones survive, V8 then
 *   places every later address (1.4 million in a 100,000-row sheet) straight in the old
 *   generation, where they die: ~140 MB of old-generation garbage per import, peak RSS 280-310 MB
 *   instead of ~230.
 * - Old generation grown by 1.5× its live size, not up to 4×. By default V8 raises the factor to
 *   4 when the program spends little time in GC, so a service with ~45 MiB alive let its old space
 *   reach ~140 MiB before collecting it, and an export's rows (alive while their chunk is written,
 *   so promoted) filled that room: 100,000 rows took the service from 180 to 230 MiB (CSV) and
 *   255 MiB (xlsx). At 1.5× an export adds a few MiB, for ~10% more CPU in an export. An explicit
 *   `--heap-growing-percent` in NODE_OPTIONS or the command line is kept.
 */
export const HEAP_GROWING_PERCENT = 50;

setFlagsFromString('--no-allocation-site-pretenuring');
const explicit = /--heap[-_]growing[-_]percent/.test(`${process.env.NODE_OPTIONS ?? ''} ${process.execArgv.join(' ')}`);
if (!explicit) setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
