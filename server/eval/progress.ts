// The eval's progress bar, on stderr and only on a terminal (stdout stays for results): one bar
// per seed over its steps, interviews and judgements.
import cliProgress from "cli-progress";

export interface EvalProgress {
  update(seed: number, done: number, total: number, phase: string): void;
  stop(): void;
}

export function evalProgress(opts: {
  quiet: boolean;
  seeds: number;
  stream?: NodeJS.WriteStream;
}): EvalProgress {
  const stream = opts.stream ?? process.stderr;
  if (opts.quiet || !stream.isTTY) return { update() {}, stop() {} };
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format: "seed {seed}/{seeds} {bar} {percentage}% | {phase} | eta {eta_formatted}",
      hideCursor: true,
      fps: 5,
      etaBuffer: 500,
    },
    cliProgress.Presets.shades_classic,
  );
  let current = -1;
  let k = 0;
  return {
    update(seed, done, total, phase) {
      if (seed !== current) {
        if (current !== -1) bar.stop();
        current = seed;
        k++;
        bar.start(total, 0, { seed: k, seeds: opts.seeds, phase });
      }
      bar.update(done, { phase });
    },
    stop() {
      if (current !== -1) bar.stop();
    },
  };
}
