const CARD_BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  jcb: 'JCB',
  diners: 'Diners Club',
  unionpay: 'UnionPay',
};

/**
 * A card brand as people write it, in every language (a brand's name is not translated): the
 * payment provider's ids are lower case. An unknown brand reads as the provider wrote it.
 */
export function cardBrandName(brand: string): string {
  return CARD_BRANDS[brand] ?? brand;
}
