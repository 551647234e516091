/**
 * Where the in-process apps of a test file log (test/helpers/app.ts). Intended failures (a 5xx a
 * test provokes, a refused token) would otherwise print level-50 lines with SQL and stack traces
 * into a green run. The lines are kept (the last MAX) and printed to stderr only when the file
 * ends with a failed test, so the service's reason is still there when it matters.
 * TEST_LOG=1 prints them as they come.
 */
const MAX = 2000;
const lines: string[] = [];
const live = process.env.TEST_LOG === '1';

export const testLogSink = {
  write(line: string) {
    if (live) process.stderr.write(line);
    lines.push(line);
    if (lines.length > MAX) lines.splice(0, lines.length - MAX);
  },
};

/** Every line logged so far in this test file (already scrubbed of secrets, as in production). */
export const testLogLines = (): readonly string[] => lines;

process.on('exit', (code) => {
  if (live || lines.length === 0 || (code === 0 && !process.exitCode)) return;
  process.stderr.write(`\n--- service log of this test file (last ${lines.length} lines) ---\n${lines.join('')}`);
});
