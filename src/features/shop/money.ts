/**
 * Money as people in Brazil read it: 'R$ 1.234,56' (Intl puts a non-breaking space after R$).
 * Never a bare '$'.
 */
const REAIS = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

export function formatReais(amount: number): string {
  return REAIS.format(amount);
}

const PERCENT = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 1 });

/** A discount fraction as a percentage: 0.1 -> '10%', 0.125 -> '12,5%'. */
export function formatPercent(fraction: number): string {
  return PERCENT.format(fraction);
}
