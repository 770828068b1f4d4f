/** What the page shows of an accepted message (the stand-in's AcceptedMessage). */
interface ShownMessage {
  receivedAt: string;
  to: string;
  template: string;
  body: string[];
  imageLink: string | null;
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const imageLink = (link: string | null) => (link ? ` — <a href="${escape(link)}">imagem</a>` : '');

/** What a developer sees at the stand-in's address: the messages it accepted, newest first. */
export function standInPage(accepted: readonly ShownMessage[]): string {
  const rows = [...accepted]
    .reverse()
    .map(
      (message) =>
        `<li><b>${escape(message.receivedAt)}</b> para +${escape(message.to)} (${escape(message.template)}): ` +
        `${escape(message.body.join(' | '))}${imageLink(message.imageLink)}</li>`,
    )
    .join('');
  return (
    `<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>WhatsApp (stand-in local)</title>` +
    `<h1>Mensagens de WhatsApp (stand-in local)</h1><p>${accepted.length} aceitas.</p><ul>${rows}</ul></html>`
  );
}
