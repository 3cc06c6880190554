/** The thread that makes a large site's search indexes while the prerender checks links (see search-thread.ts). */
import { parentPort, workerData } from 'node:worker_threads';
import { readPart } from '../prerender/render-cache.ts';
import { countTerms } from './search-index.ts';
import { runSearchIndexJobs, type RecordsRead, type SearchIndexJob, type SearchThreadInput, type StatesRead } from './search-thread.ts';
import { loadIndexState } from './index-state.ts';
import type { SearchRecord } from '../../search/types.ts';
import { trace } from '../common/trace.ts';

const input = workerData as SearchThreadInput;
if ('jobs' in input) await runSearchIndexJobs(input);
else {
  // The last indexes to update and the records that can be read before the rendered pages' are known; then the jobs come.
  const { state } = input;
  const states: StatesRead = new Map(state ? (input.updating ?? []).map(({ tag }) => [tag, loadIndexState(state.dir, tag, state.key)]) : []);
  const read: RecordsRead = new Map(input.readAhead.map((entry) => [entry, readPart<SearchRecord[]>(entry, 'records')]));
  trace('search thread: read ahead');
  // A failure is unhandled here on purpose: it ends the thread with an error event.
  parentPort!.once('message', (jobs: SearchIndexJob[]) => void runSearchIndexJobs({ filesDir: input.filesDir, jobs, state }, read, states));
  // Their terms too, while the pages render: the jobs, when they come, only merge them (a message waits until then).
  for (const records of read.values()) if (records) countTerms(records);
  trace('search thread: terms counted');
}
