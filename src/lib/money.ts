/** Money as Brazilians read it: `R$ 1.234,56` (Intl puts a no-break space after the sign). */
const REAIS = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

export function formatReais(amount: number): string {
  return REAIS.format(Number.isFinite(amount) ? amount : 0);
}

/** A fraction as a whole percentage: 0.1 -> '10%'. */
export function formatPercent(fraction: number): string {
  return `${Math.round(fraction * 100)}%`;
}
