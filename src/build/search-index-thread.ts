/** The thread that makes a large site's search indexes while the prerender checks links (see search-thread.ts). */
import { workerData } from 'node:worker_threads';
import { runSearchIndexJobs, type SearchIndexJobs } from './search-thread.ts';

await runSearchIndexJobs(workerData as SearchIndexJobs);
