import { totalFor, type Invoice, type RateCard } from '@acme/billing';

export interface InvoiceLine {
  amount: number;
  unit: number;
}

export function invoiceLine(card: RateCard, quantity: number): InvoiceLine {
  return { amount: totalFor(card, quantity), unit: card.price };
}

export function invoiceTotal(invoice: Invoice): number {
  return invoice.lines.reduce((sum, line) => sum + line.card.price * line.quantity, 0);
}
