/** The reader journeys in chromium (see journeys.ts). */
import { readerJourneys } from './journeys.ts';

readerJourneys('chromium');
