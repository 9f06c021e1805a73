import { countryCode } from '../countries';
import { DEFAULT_REGIME } from '../regimes';
import { type InvoiceBuyer } from './buyer';

/**
 * The address an invoice's goods are delivered to (issue 32 §5, EN 16931 BG-15 "deliver to
 * address"), kept with the invoice (`invoices.delivery_address`, fixed once issued): the reform
 * asks an invoice to state it when it is not the client's billing address. The same parts as a
 * contact's postal address, and the name of whoever receives it (BT-70), if not the client. Pure.
 */
export interface DeliveryAddress {
  /** Who receives it (BT-70), when not the client. */
  name?: string | null;
  street: string | null;
  zipcode: string | null;
  city: string | null;
  /** ISO 3166-1 alpha-2 code as the API stores it (a stored text no country is read from fails BR-57 at issue). */
  country: string | null;
  /** The state or province (NY, QC), where the country has them. */
  region?: string | null;
}

/** A part of an address as compared: case, accents, spaces and punctuation left out ("12, Rue de l'Église" = "12 rue de l eglise"). */
const comparable = (value: string | null | undefined): string =>
  (value ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * Whether the delivery address is another place than the client's billing address (the buyer as
 * the invoice shows it): only then is it printed and written in the e-invoice. A missing country
 * is the studio's on both sides, as the buyer's is read (e-invoice.ts).
 */
export function deliveryDiffers(
  delivery: DeliveryAddress | null | undefined,
  billing: Pick<InvoiceBuyer, 'street' | 'zipcode' | 'city' | 'country'> | null | undefined,
  sellerCountry: string | null = DEFAULT_REGIME.code,
): boolean {
  if (!delivery) return false;
  if (![delivery.street, delivery.zipcode, delivery.city].some((part) => comparable(part) !== '')) return false;
  if (!billing) return true;
  return (
    comparable(delivery.street) !== comparable(billing.street) ||
    comparable(delivery.zipcode) !== comparable(billing.zipcode) ||
    comparable(delivery.city) !== comparable(billing.city) ||
    countryCode(delivery.country, sellerCountry) !== countryCode(billing.country, sellerCountry)
  );
}
