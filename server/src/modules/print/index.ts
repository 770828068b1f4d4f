/**
 * Printing: packs, print jobs and their files, printers and their state, the owner's print
 * settings, and the job that draws a print's file.
 */
export { printSettingsRoutes } from './http/printSettingsRoutes';
export {
  enqueuePrintFile,
  makePrintFile,
  PRINT_FILES,
  PRINT_FILES_SETTINGS,
  printFilesJob,
} from './jobs/printFilesJob';
export {
  MAX_VALIDATE_PACKS,
  packLiterals,
  type PackRow,
  packRows,
  PRINT_REQUEST_ID,
  printCopy,
  tooManyPacks,
} from './packs';
export {
  failJobsWithoutMedia,
  failQueuedJobsOf,
  markJobPrinted,
  printerFailedJob,
  printFileSource,
  printRequestStatus,
  removeSpentPrintFiles,
  takePrintJobs,
} from './printJobs';
export { printerHeard, reportPrinterState, teamPrinters } from './printers';
export { printFileKey } from './storage/printFile';
