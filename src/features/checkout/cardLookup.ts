import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useState } from 'react';
import { onlyDigits } from '../../lib/cardNumber';
import { useCardPaymentMethodQuery } from './checkoutApi';

/** docs/product.md#constants-and-limits: the card-bin lookup waits 2 s after the first one. */
const BIN_LOOKUP_DEBOUNCE_MS = 2_000;
const BIN_LENGTH = 6;

/**
 * The provider's lookup of the card's first six digits (docs/product.md#checkout): at once the first time,
 * then 2 s after the digits stop changing, and only with six digits or more.
 */
export function useCardLookup(number: string) {
  const [bin, setBin] = useState<string | null>(null);
  const digits = onlyDigits(number);
  const candidate = digits.length >= BIN_LENGTH ? digits.slice(0, BIN_LENGTH) : null;

  useEffect(() => {
    if (candidate === null || candidate === bin) return undefined;
    const timer = setTimeout(() => setBin(candidate), bin === null ? 0 : BIN_LOOKUP_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [candidate, bin]);

  const lookup = useCardPaymentMethodQuery(bin ?? skipToken);
  // A lookup for digits no longer typed says nothing about this card.
  const current = candidate !== null && candidate === bin;
  return {
    method: current ? (lookup.data ?? null) : null,
    isFetching: lookup.isFetching,
    error: current ? lookup.error : undefined,
  };
}
