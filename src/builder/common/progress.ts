/**
 * Progress of a long build phase: "pages 1,200/10,053". On a terminal it is one live line,
 * rewritten in place; without one (CI, a log file) a plain line at most every 5 s, and at the end.
 * Written to stderr so that the build's summary on stdout stays one line.
 */
const PLAIN_EVERY_MS = 5_000;

export function progress(phase: string, total: number, out: NodeJS.WriteStream = process.stderr) {
  const live = out.isTTY === true;
  let done = 0;
  let lastPlain = Date.now();
  const line = () => `${phase} ${done.toLocaleString('en')}/${total.toLocaleString('en')}`;
  return {
    tick(n = 1) {
      done += n;
      if (live) out.write(`\r${line()}\x1b[K`);
      else if (Date.now() - lastPlain >= PLAIN_EVERY_MS && done < total) {
        lastPlain = Date.now();
        out.write(`${line()}\n`);
      }
    },
    /** Clears the live line; the phase's own summary follows. */
    end() {
      if (live) out.write('\r\x1b[K');
    },
  };
}
