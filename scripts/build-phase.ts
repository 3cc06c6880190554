/**
 * One step of the build in a process of its own (src/builder/build-phases.ts), run so by scripts/build.ts on a large
 * site, where the memory a step used is given back before the next starts. `PAGES_EDITED`: see compilePages.
 */
import { writeFile } from 'node:fs/promises';
import { phaseFailure, REPORT_FILE, runPhase } from '../src/builder/build-phases.ts';

runPhase(process.argv[2], { pagesEdited: Number(process.env.PAGES_EDITED ?? 0) }).then(
  async (report) => {
    if (report) await writeFile(REPORT_FILE, JSON.stringify(report));
    process.exit(0);
  },
  (e: unknown) => {
    console.error(phaseFailure(e));
    process.exit(1);
  },
);
