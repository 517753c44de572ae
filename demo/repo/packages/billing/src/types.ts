export interface RateCard {
  id: string;
  price: number;
  currency: string;
}

export interface Invoice {
  customer: string;
  lines: { card: RateCard; quantity: number }[];
}
