import { Type } from '@sinclair/typebox';
import { PackLiterals, PrintReply, PrintStatusReply } from '../../../../../contract/wire';
import { parseMediaPath } from '../../../../../contract/mediaPath';
import type { AppContext } from '../../../platform/context';
import type { AccessService } from '../../access';
import { conflict, forbidden, invalid } from '../../../platform/errors';
import type { GuestReads } from '../guestReads';
import { MAX_VALIDATE_PACKS, packLiterals, printCopy, PRINT_REQUEST_ID, tooManyPacks } from '../../print';
import { printRequestStatus } from '../../print';
import { apiViewer } from '../../access';
import { splitList } from '../../../platform/http/reply';
import { HASH, LIST_SEGMENT, MEDIA_ID, params, type Api } from '../../../platform/http/schemas';
import { enqueuePrintFile, PRINT_FILES } from '../../print';

const PACK_HASH = /^[A-Za-z0-9_-]{1,64}$/;
const isPackHash = (hash: string) => PACK_HASH.test(hash);

/** Whether the browser says this request is a prefetch (or prerender): it must change nothing. */
function isPrefetch(headers: Record<string, string | string[] | undefined>): boolean {
  const values = [headers['sec-purpose'], headers['purpose'], headers['x-moz'], headers['x-purpose']]
    .flat()
    .filter((value): value is string => typeof value === 'string');
  return values.some((value) => /prefetch|prerender|preview/i.test(value));
}

/**
 * Whether the browser says this request is not the site's own call (a fetch from its pages): an
 * image, a frame or a page of another site pointing at the URL. Clients that send no such
 * headers (a booth's tools, a script) are not browsers loading a page and go on.
 */
function isForeignLoad(headers: Record<string, string | string[] | undefined>): boolean {
  const dest = headers['sec-fetch-dest'];
  const site = headers['sec-fetch-site'];
  return (typeof dest === 'string' && dest !== 'empty') || site === 'cross-site';
}

/** What the pack and print routes use of the app: the guest routes' reads are shared (one cache of packs and cards). */
type PackPrintContext = Pick<AppContext, 'db' | 'jobs' | 'rateLimit' | 'team'> & { guard: AccessService };

/** A guest's packs (validated, their events granted) and the prints they spend, with each print's status. */
export function packAndPrintRoutes(
  app: Api,
  { db, jobs, rateLimit, team, guard }: PackPrintContext,
  reads: GuestReads,
): void {
  app.get(
    '/validatePacks/:hashes',
    {
      schema: { params: params({ hashes: LIST_SEGMENT }), response: { 200: PackLiterals } },
      config: { rateLimit: rateLimit('validatePacks') },
    },
    async (request) => {
      // Counted before filtering, so a long list is refused whatever it holds (at most 20 a call).
      const asked = splitList(request.params.hashes, MAX_VALIDATE_PACKS + 1);
      if (asked.length > MAX_VALIDATE_PACKS) throw tooManyPacks();
      const hashes = asked.filter(isPackHash);
      const packs = await reads.packRows(hashes);
      // The events' titles come from the event rows the cards keep (fresh when an event changes).
      const events = await reads.eventCardRows([
        ...new Set([...packs.values()].flatMap((pack) => (pack?.event_name ? [pack.event_name] : []))),
      ]);
      // A suspended event's packs (its paid order refunded) print nothing: they are not told as packs.
      for (const [hash, pack] of packs)
        if (pack?.event_name && events.get(pack.event_name)?.suspended_at) packs.set(hash, null);
      // A pack of an event is presence: its guest was there (modules/access/accessService.ts). Written only when
      // it changes something (a pack list is asked often; a public event needs no grant).
      const viewer = apiViewer(request, team);
      for (const name of events.keys()) {
        if (events.get(name)?.suspended_at) continue;
        if ((await guard.opening(name, viewer)) === 'hidden') await guard.grant(name, viewer, 'pack');
      }
      return packLiterals(hashes, packs, (eventName) => {
        const event = events.get(eventName);
        return event ? event.title || event.name : undefined;
      });
    },
  );

  app.get(
    '/print/:packHash/:printId',
    {
      schema: {
        params: params({ packHash: HASH, printId: MEDIA_ID }),
        // Beyond the spec: the SPA's own id of this tap, so a replay spends one copy only.
        querystring: Type.Object({ request: Type.Optional(Type.String({ pattern: PRINT_REQUEST_ID.source })) }),
        response: { 200: PrintReply },
      },
      config: { rateLimit: rateLimit('print') },
    },
    async (request) => {
      // The spec's print is a GET that spends: a browser's prefetch of it must spend nothing.
      if (isPrefetch(request.headers))
        throw conflict('prefetch_refused', 'Uma pré-carga não imprime: toque em imprimir para usar uma cópia.');
      // An <img> or a link on another site must not spend a guest's copies by being opened.
      if (isForeignLoad(request.headers))
        throw forbidden('print_not_from_site', 'Só o botão imprimir do site usa uma cópia.');
      // The tap's own id is what makes a replay spend once: a call without it spends nothing.
      const requestId = request.query.request;
      if (requestId === undefined)
        throw invalid('print_request_missing', 'Pedido de impressão sem identificação: toque em imprimir de novo.');
      const ref = parseMediaPath(request.params.printId);
      if (!ref) throw invalid('invalid_print_id', 'Foto inválida para impressão.');
      // The print file (the photo with its collect QR code) is made by a job queued with the print.
      const { copies } = await printCopy(db, request.params.packHash, ref, requestId, (client, jobId) =>
        enqueuePrintFile(jobs, client, jobId),
      );
      jobs.nudge(PRINT_FILES);
      // The guest's first words after the tap say how the queue stands, as its status will.
      const { status, printer, ahead } = await printRequestStatus(db, request.params.packHash, requestId);
      const waiting = status === 'queued' || status === 'printing';
      return {
        status: 'queued' as const,
        copies,
        ...(waiting && printer !== undefined && { printer }),
        ...(status === 'queued' && ahead !== undefined && { ahead }),
      };
    },
  );

  app.get(
    '/printStatus/:packHash/:requestId',
    {
      schema: {
        params: params({ packHash: HASH, requestId: Type.String({ pattern: PRINT_REQUEST_ID.source }) }),
        response: { 200: PrintStatusReply },
      },
      config: { rateLimit: rateLimit('printStatus') },
    },
    async (request, reply) => {
      // Polled while the guest watches: every answer is the job's state now.
      void reply.header('cache-control', 'no-store');
      return printRequestStatus(db, request.params.packHash, request.params.requestId);
    },
  );
}
