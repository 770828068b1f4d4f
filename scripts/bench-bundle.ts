/** `npm run bench:bundle`: production build, then the JS each route loads (raw and gzip). */
import { analyseBuild, formatReport, HEAVY_FOR_LANDING, LANDING_BUDGET_BYTES } from './bundleReport';
import { buildProduction } from './buildProduction';

buildProduction()
  .then(({ stats, outputDir }) => {
    const report = analyseBuild(stats, outputDir);
    console.log(formatReport(report));
    const landing = report.routes.find((r) => r.route === '/');
    const leaked = landing?.libraries.filter((lib) => HEAVY_FOR_LANDING.includes(lib)) ?? [];
    if (leaked.length > 0) {
      console.error(`\nThe landing route loads ${leaked.join(', ')}`);
      process.exitCode = 1;
    }
    if (landing) {
      const over = landing.gzip > LANDING_BUDGET_BYTES;
      console.log(`\nLanding route: ${(landing.gzip / 1024).toFixed(1)} KB gzip, budget ${LANDING_BUDGET_BYTES / 1024} KB: ${over ? 'OVER' : 'within'}`);
      if (over) process.exitCode = 1;
    }
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
