import type { RateCard } from '@acme/billing';
import { invoiceLine } from './invoice.js';

export function report(cards: RateCard[]): string[] {
  return cards.map((card) => `${card.id}: ${card.price} -> ${invoiceLine(card, 1).amount}`);
}

export function priciest(cards: RateCard[]): number {
  return Math.max(...cards.map((card) => card.price));
}
