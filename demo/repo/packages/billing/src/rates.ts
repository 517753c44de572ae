import type { RateCard } from './types.js';

export function totalFor(card: RateCard, quantity: number): number {
  return card.price * quantity;
}

export function cheapest(cards: RateCard[]): RateCard | undefined {
  return [...cards].sort((a, b) => a.price - b.price)[0];
}
