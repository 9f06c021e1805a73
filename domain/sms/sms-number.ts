import { type CountryCode, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js';
import { countryCode } from '../countries';

/**
 * The number an SMS provider is given: E.164 (+33612345678). Studios type their clients' numbers
 * the way their country writes them ("06 12 34 56 78", "(415) 555-2671"), and contacts keep them
 * as typed; a provider such as Twilio only takes E.164, and would read a national number as one
 * of its own country's, or refuse it. A number without its international prefix (+ or 00) is
 * read in the client's country, else the studio's (its company profile, else its language's).
 */
export type SmsNumber = { ok: true; number: string } | { ok: false; reason: string };

/** Where a number without its international prefix is read: the first of these that is a country. */
export interface SmsRegionSources {
  contactCountry: string | null | undefined;
  studioCountry: string | null | undefined;
  /** The studio's language, e.g. fr-FR: its region is the last resort. */
  studioLocale: string | null | undefined;
}

const asRegion = (code: string | null | undefined): CountryCode | null =>
  code && isSupportedCountry(code) ? code : null;

/** The country a national number is read in, or null when none of the sources names one. */
export function smsRegion(sources: SmsRegionSources): CountryCode | null {
  return (
    asRegion(countryCode(sources.contactCountry, null)) ??
    asRegion(countryCode(sources.studioCountry, null)) ??
    asRegion(sources.studioLocale?.split('-')[1]?.toUpperCase())
  );
}

/** The number in E.164, or why no SMS can be sent to it (in words the studio can act on). */
export function smsNumber(raw: string, region: CountryCode | null): SmsNumber {
  const text = raw.trim();
  // 00 is the international prefix in most of the world (and in no country a national one).
  const international = /^(\+|00)/.test(text);
  if (!international && region === null)
    return {
      ok: false,
      reason: `The phone number "${text}" has no country code (+…) and neither the client's nor the studio's country is known`,
    };
  const parsed = international
    ? parsePhoneNumberFromString(text.replace(/^00/, '+'))
    : parsePhoneNumberFromString(text, region ?? undefined);
  if (!parsed?.isValid()) {
    return {
      ok: false,
      reason: `The phone number "${text}" is not a valid number${international ? '' : ` in ${region}`}: write it with its country code, e.g. +33 6 12 34 56 78`,
    };
  }
  return { ok: true, number: parsed.number };
}
