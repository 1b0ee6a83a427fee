// The progress bar of a headless run, on stderr (stdout stays for results). Only on a terminal:
// piped or redirected output, and --quiet, get no bar at all.
import cliProgress from "cli-progress";
import { formatClock, formatDate } from "../../shared/time.ts";

export interface Progress {
  update(done: number, gameTime: number): void;
  stop(): void;
}

const SILENT: Progress = { update() {}, stop() {} };

export function progressBar(
  total: number,
  opts: { quiet: boolean; stream?: NodeJS.WriteStream },
): Progress {
  const stream = opts.stream ?? process.stderr;
  if (opts.quiet || !stream.isTTY || total === 0) return SILENT;
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format:
        "{bar} {percentage}% | step {value}/{total} | {clock} | {speed} steps/s | eta {eta_formatted}",
      hideCursor: true,
      fps: 5,
      etaBuffer: 200,
    },
    cliProgress.Presets.shades_classic,
  );
  const t0 = performance.now();
  bar.start(total, 0, { clock: "", speed: "0" });
  return {
    update(done, gameTime) {
      const seconds = (performance.now() - t0) / 1000;
      bar.update(done, {
        clock: `${formatDate(gameTime)} ${formatClock(gameTime)}`,
        speed: seconds > 0 ? (done / seconds).toFixed(0) : "0",
      });
    },
    stop() {
      bar.stop();
    },
  };
}
