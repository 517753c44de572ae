import type { RateCard } from '@acme/billing';

export function changed(a: RateCard, b: RateCard): boolean {
  return a.price !== b.price || a.currency !== b.currency;
}

export function describeChange(a: RateCard, b: RateCard): string {
  return `${a.id}: ${a.price} -> ${b.price}`;
}
