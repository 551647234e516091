import cliProgress from 'cli-progress';

/** A progress bar on stderr for long work (seeding, imports); silent when stderr is not a terminal except for stage lines. */
export function progressReporter() {
  let bar: cliProgress.SingleBar | null = null;
  let stage = '';
  return {
    update(done: number, total: number, name: string) {
      if (name !== stage) {
        bar?.stop();
        stage = name;
        bar = new cliProgress.SingleBar(
          {
            format: `${name.padEnd(22)} [{bar}] {percentage}% {value}/{total} {duration}s`,
            noTTYOutput: true,
            notTTYSchedule: 5000,
            stream: process.stderr,
          },
          cliProgress.Presets.shades_classic,
        );
        bar.start(total, done);
      } else {
        bar?.setTotal(total);
        bar?.update(done);
      }
    },
    stop() {
      bar?.stop();
      bar = null;
      stage = '';
    },
  };
}
