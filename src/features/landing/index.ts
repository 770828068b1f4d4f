/** The landing page (in the entry chunk: it is pre-rendered) and its contact form's outbox. */
export { default as LandingPage } from './LandingPage';
export { outboxFlushRequested, registerLeadOutbox } from './leadOutboxListener';
