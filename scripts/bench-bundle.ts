/** `npm run bench:bundle`: production build, then the JS each route loads (raw and gzip). */
import { analyseBuild, formatReport } from './bundleReport';
import { buildProduction } from './buildProduction';

buildProduction()
  .then(({ stats, outputDir }) => {
    const report = analyseBuild(stats, outputDir);
    console.log(formatReport(report));
    const landing = report.routes.find((r) => r.route === '/');
    const forbidden = ['firebase', 'react-slick', 'react-webcam', 'qrcode.react', 'mercadopago'];
    const leaked = landing?.libraries.filter((lib) => forbidden.includes(lib)) ?? [];
    if (leaked.length > 0) {
      console.error(`\nThe landing route loads ${leaked.join(', ')}`);
      process.exitCode = 1;
    }
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
