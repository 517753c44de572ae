import type { RateCard } from '@acme/billing';
import { invoiceLine } from '../packages/api/src/routes/invoice.js';

export const cards: RateCard[] = [
  { id: 'basic', price: 10, currency: 'EUR' },
  { id: 'plus', price: 20, currency: 'EUR' },
  { id: 'pro', price: 40, currency: 'EUR' },
  { id: 'team', price: 90, currency: 'EUR' },
  { id: 'enterprise', price: 400, currency: 'EUR' },
];

export const lines = cards.map((card) => invoiceLine(card, card.price > 50 ? 1 : 3));
export const expensive = cards.filter((card) => card.price >= 90).map((card) => card.id);
