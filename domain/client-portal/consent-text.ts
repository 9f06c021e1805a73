import { isFrench } from '../accounts/locale-language';
import { type UserLocale } from '../accounts/users';

/**
 * The consent a client ticks before signing (issue 31 §2), in their language; the exact text
 * shown is kept with the signature. It names the quote and, when there is one, its contract.
 */
export function consentText(locale: UserLocale, quoteNumber: string, withContract: boolean): string {
  if (isFrench(locale))
    return withContract
      ? `J’ai lu le devis ${quoteNumber} et le contrat qui l’accompagne, je les accepte, et je reconnais que saisir mon nom puis cliquer sur « Signer » vaut ma signature électronique.`
      : `J’ai lu le devis ${quoteNumber}, je l’accepte, et je reconnais que saisir mon nom puis cliquer sur « Signer » vaut ma signature électronique.`;
  return withContract
    ? `I have read quote ${quoteNumber} and its contract, I accept them, and I agree that typing my name and pressing “Sign” is my electronic signature.`
    : `I have read quote ${quoteNumber}, I accept it, and I agree that typing my name and pressing “Sign” is my electronic signature.`;
}
