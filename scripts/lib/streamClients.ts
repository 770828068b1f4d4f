/**
 * Phones holding live streams open, in a process of their own (`npm run bench:streams` forks it),
 * so that their memory is not counted as the server's. Driven over IPC: `open` opens `count`
 * streams of `url` in a group named `tag`, each from an address of its own (X-Forwarded-For, the
 * server believing its loopback proxy), and answers once each said its first version; `heard`
 * answers, per group, the fewest versions any of its streams has said; `close` ends a group.
 */
import http from 'node:http';

export type ClientCommand =
  { kind: 'open'; tag: string; url: string; count: number } | { kind: 'heard' } | { kind: 'close'; tag: string };

export type ClientReply =
  | { kind: 'opened'; tag: string; open: number; refused: number }
  | { kind: 'heard'; fewest: Record<string, number> }
  | { kind: 'closed'; tag: string };

interface Held {
  request: http.ClientRequest;
  versions: number;
}

const groups = new Map<string, Held[]>();
let addresses = 0;

/** One stream; resolves once it said its first version (true), or was refused or dropped (false). */
function openOne(url: string, group: Held[]): Promise<boolean> {
  addresses += 1;
  const address = `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
  return new Promise((resolve) => {
    const held: Held = {
      request: http.get(url, { agent: false, headers: { accept: 'text/event-stream', 'x-forwarded-for': address } }),
      versions: 0,
    };
    held.request.on('response', (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        resolve(false);
        return;
      }
      group.push(held);
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          if (/^event: gallery$/m.test(block)) {
            held.versions += 1;
            if (held.versions === 1) resolve(true);
          }
        }
      });
      response.on('close', () => resolve(false));
    });
    held.request.on('error', () => resolve(false));
  });
}

const reply = (message: ClientReply) => process.send?.(message);

process.on('message', (command: ClientCommand) => {
  if (command.kind === 'open') {
    const group = groups.get(command.tag) ?? [];
    groups.set(command.tag, group);
    void Promise.all(Array.from({ length: command.count }, () => openOne(command.url, group))).then((results) => {
      const open = results.filter(Boolean).length;
      reply({ kind: 'opened', tag: command.tag, open, refused: results.length - open });
    });
  } else if (command.kind === 'heard') {
    const fewest: Record<string, number> = {};
    for (const [tag, group] of groups) fewest[tag] = Math.min(...group.map((held) => held.versions));
    reply({ kind: 'heard', fewest });
  } else {
    for (const held of groups.get(command.tag) ?? []) held.request.destroy();
    groups.delete(command.tag);
    reply({ kind: 'closed', tag: command.tag });
  }
});

process.on('disconnect', () => process.exit(0));
