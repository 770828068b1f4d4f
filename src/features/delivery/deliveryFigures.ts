import type { DeliveryFigures } from '../../../contract/wire';

/**
 * The photos delivered in figures (docs/product.md#photos-delivered), a card each, in the order the owner's section
 * and 'A festa em números' show them.
 */
export function deliveryFigureCards(figures: DeliveryFigures): { label: string; value: number }[] {
  return [
    { label: 'Inscritos para receber fotos', value: figures.subscribed },
    { label: 'Mensagens enviadas', value: figures.sent },
    { label: 'Mensagens entregues', value: figures.delivered },
    { label: 'Mensagens que falharam', value: figures.failed },
    { label: 'Mensagens barradas pelo limite', value: figures.capped },
  ];
}

/** The cap reached, said to the owner: why photos stopped going, and what to do. */
export function capReachedText(cap: number): string {
  if (cap === 0) return 'O limite é 0: nenhuma mensagem é enviada. Aumente o limite para enviar as fotos.';
  return (
    `Limite atingido: as ${cap.toLocaleString('pt-BR')} mensagens foram enviadas e nada mais será enviado. ` +
    'Aumente o limite para voltar a enviar as próximas fotos.'
  );
}
