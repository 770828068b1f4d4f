/** The landing page (in the entry chunk: it is pre-rendered) and how its contact leads reach the server. */
export { default as LandingPage } from './LandingPage';
export { sendQueuedLead } from './sendQueuedLead';
