import { foldText } from './fold-text.ts';

/** Legal-form and filler words that shops add to or drop from the same maker's name. */
const legalWords =
  /\b(?:inc|incorporated|corp|corporation|co|company|ltd|limited|llc|plc|gmbh|ag|sa|srl|bv|nv|kg|the|group|holdings?|international|intl|technologies|technology|tech|software|electronics|products|industries|enterprises|manufacturing|mfg|brands?)\b/g;

/**
 * The maker's name in one spelling: folded, legal forms and fillers dropped, no spaces or
 * punctuation ("StarTech.com" -> "startech", "Wacom Tech Corp." -> "wacom"). Null when nothing is
 * left.
 */
export function normaliseBrand(brand: string | null): string | null {
  if (!brand) return null;
  const name = foldText(brand)
    .replace(/\.(?:com|net|org|de|co\.uk)\b/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(legalWords, ' ')
    .replace(/\s+/g, '');
  return name || null;
}
