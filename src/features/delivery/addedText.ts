import type { CollectManyState } from '../../session/collectManyMachine';

type Said = Extract<CollectManyState, { status: 'collected' } | { status: 'queued' }>;

/** What 'Adicionar à minha coleção' did, in a sentence or two. */
export function addedText(said: Said): string {
  if (said.status === 'queued') {
    if (said.count === 0) return 'Suas fotos já estão na Minha Coleção.';
    return said.count === 1
      ? 'Sem conexão: a foto entra na Minha Coleção assim que a conexão voltar.'
      : `Sem conexão: as ${said.count} fotos entram na Minha Coleção assim que a conexão voltar.`;
  }
  const parts: string[] = [];
  const { added, already, refused } = said;
  if (added > 0)
    parts.push(added === 1 ? '1 foto adicionada à Minha Coleção.' : `${added} fotos adicionadas à Minha Coleção.`);
  if (already > 0 && added > 0)
    parts.push(already === 1 ? 'A outra já estava lá.' : `As outras ${already} já estavam lá.`);
  if (already > 0 && added === 0) parts.push('Suas fotos já estão na Minha Coleção.');
  if (refused > 0) {
    parts.push(
      refused === 1
        ? '1 foto não pôde ser adicionada: abra o evento primeiro.'
        : `${refused} fotos não puderam ser adicionadas: abra o evento primeiro.`,
    );
  }
  return parts.join(' ');
}
