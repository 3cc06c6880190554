/** The reader journeys in webkit (see journeys.ts). */
import { readerJourneys } from './journeys.ts';

readerJourneys('webkit');
