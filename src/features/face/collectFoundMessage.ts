import type { CollectFoundOutcome } from './collectFoundSlice';

/** What 'Pegar todas' did, in one sentence or two: how many photos were added, were there already, or are gone. */
export function collectedMessage({ added, already, refused }: CollectFoundOutcome): string {
  const parts: string[] = [];
  if (added > 0)
    parts.push(added === 1 ? '1 foto adicionada à Minha Coleção.' : `${added} fotos adicionadas à Minha Coleção.`);
  if (already > 0) {
    if (added > 0) parts.push(already === 1 ? 'A outra já estava lá.' : `As outras ${already} já estavam lá.`);
    else
      parts.push(
        already === 1
          ? 'A foto encontrada já está na Minha Coleção.'
          : `As ${already} fotos encontradas já estão na Minha Coleção.`,
      );
  }
  if (refused > 0) {
    parts.push(
      refused === 1
        ? '1 foto não pôde ser adicionada: ela não está mais disponível.'
        : `${refused} fotos não puderam ser adicionadas: elas não estão mais disponíveis.`,
    );
  }
  return parts.join(' ');
}

/** The photos wait for the connection, in the offline queue. */
export function queuedMessage(count: number): string {
  if (count === 0) return 'As fotos encontradas já estão na Minha Coleção.';
  return count === 1
    ? 'Sem conexão: a foto entra na Minha Coleção assim que a conexão voltar.'
    : `Sem conexão: as ${count} fotos entram na Minha Coleção assim que a conexão voltar.`;
}
