/**
 * `npm run bench:bundle`: production build, then the JS each route loads (raw and gzip), and what
 * a first visit to the landing page downloads, the chunks it loads once interactive included.
 */
import {
  analyseBuild,
  formatReport,
  HEAVY_FOR_LANDING,
  LANDING_AFTER_INTERACTIVE,
  LANDING_BUDGET_BYTES,
} from './bundleReport';
import { buildProduction } from './buildProduction';

buildProduction()
  .then(({ stats, outputDir }) => {
    const report = analyseBuild(stats, outputDir);
    console.log(formatReport(report));
    const visit = report.landingFirstVisit;
    const leaked = visit.libraries.filter((lib) => HEAVY_FOR_LANDING.includes(lib));
    if (leaked.length > 0) {
      console.error(`\nThe landing page's first visit loads ${leaked.join(', ')}`);
      process.exitCode = 1;
    }
    const over = visit.gzip > LANDING_BUDGET_BYTES;
    const kb = (bytes: number) => (bytes / 1024).toFixed(1);
    console.log(
      `\nLanding first visit: ${kb(visit.gzip)} KB gzip (${kb(visit.beforeInteractive)} before it is ` +
        `interactive + ${kb(visit.afterInteractive)} after: ${LANDING_AFTER_INTERACTIVE.join(', ')}), budget ` +
        `${LANDING_BUDGET_BYTES / 1024} KB: ${over ? 'OVER' : 'within'}`,
    );
    if (over) process.exitCode = 1;
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
