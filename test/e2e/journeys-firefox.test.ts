/** The reader journeys in firefox (see journeys.ts). */
import { readerJourneys } from './journeys.ts';

readerJourneys('firefox');
