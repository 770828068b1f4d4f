import type { FastifyRequest } from 'fastify';
import { DEVICE_ROUTES } from '../../../../../contract/devicePaths';
import { siteOrigin } from '../../../platform/config';
import {
  PrinterStateReport,
  PrintFile,
  PrintJobFailedReply,
  PrintJobList,
  PrintJobParams,
  PrintJobPrintedReply,
} from '../../../../../contract/wire';
import type { AppContext } from '../../../platform/context';
import { notFound } from '../../../platform/errors';
import {
  enqueuePrintFile,
  makePrintFile,
  markJobPrinted,
  PRINT_FILES,
  printerFailedJob,
  printerHeard,
  printFileKey,
  printFileSource,
  reportPrinterState,
  takePrintJobs,
} from '../../print';
import type { Api } from '../../../platform/http/schemas';
import { replies, requireKind } from './deviceRequest';

/**
 * A printer's side of the device API: it takes print jobs, fetches each one's file, says how each
 * ended, and reports its state. Registered by deviceRoutes, behind its device authentication.
 */
export function printJobRoutes(app: Api, { config, db, storage, jobs }: AppContext): void {
  const site = siteOrigin(config);
  /**
   * A printer's request: the printer, heard from now (whatever it asks: one printing a long batch is not offline), and
   * its state.
   */
  const heardPrinter = async (request: FastifyRequest) => {
    const printer = requireKind(request, 'printer');
    return { printer, state: await printerHeard(db, printer) };
  };

  // A printer that is not ready (out of paper, jammed) takes nothing: its jobs wait for it, or for another.
  app.get(DEVICE_ROUTES.printJobs, { schema: { response: replies({ 200: PrintJobList }) } }, async (request) => {
    const { printer, state } = await heardPrinter(request);
    return state === 'ready' ? takePrintJobs(db, printer) : [];
  });

  const printerState = { body: PrinterStateReport, response: replies({ 200: PrinterStateReport }) };
  app.post(DEVICE_ROUTES.printerState, { schema: printerState }, async (request) => {
    const requeued = await reportPrinterState(db, requireKind(request, 'printer'), request.body.state);
    // Back in the queue, their files are made again (another printer may take them first).
    for (const jobId of requeued) await enqueuePrintFile(jobs, db, jobId);
    if (requeued.length > 0) jobs.nudge(PRINT_FILES);
    return { state: request.body.state };
  });

  const JOB_FILE = { params: PrintJobParams, response: replies({ 200: PrintFile }) };

  // The file to print: made by its job when the print was asked for; made now when
  // the printer is faster than the job. Only the printer that took the job gets it.
  app.get(DEVICE_ROUTES.printJobFile, { schema: JOB_FILE }, async (request, reply) => {
    const jobId = Number(request.params.id);
    const { printer } = await heardPrinter(request);
    const source = await printFileSource(db, jobId, printer);
    if (!source) throw notFound('job_not_found', 'Trabalho de impressão não encontrado.');
    const stored = source.made ? await storage.objects.get(printFileKey(jobId)) : null;
    const file = stored ? stored.body : await makePrintFile(db, storage.objects, site, jobId, printer);
    // Its photo is gone or cannot be laid out: the job failed and its copy went back to the pack.
    if (!file)
      throw notFound(
        'media_not_found',
        'Esta foto não pode mais ser impressa: a cópia voltou para o pack do convidado.',
      );
    return reply.type('image/jpeg').header('Cache-Control', 'no-store').send(file);
  });

  // The job did not print (a jam, the paper out mid-print): its copy goes back to the guest's pack, once.
  const failed = { params: PrintJobParams, response: replies({ 200: PrintJobFailedReply }) };
  app.post(DEVICE_ROUTES.printJobFailed, { schema: failed }, async (request) => {
    const jobId = Number(request.params.id);
    const copies = await printerFailedJob(db, (await heardPrinter(request)).printer, jobId);
    await storage.objects.remove(printFileKey(jobId));
    return { status: 'failed' as const, copies };
  });

  const printed = { params: PrintJobParams, response: replies({ 200: PrintJobPrintedReply }) };
  app.post(DEVICE_ROUTES.printJobPrinted, { schema: printed }, async (request) => {
    const jobId = Number(request.params.id);
    await markJobPrinted(db, (await heardPrinter(request)).printer, jobId);
    // Printed: its file, a copy of a guest's photo, is kept no longer.
    await storage.objects.remove(printFileKey(jobId));
    return { status: 'printed' as const };
  });
}
