const KEYWORDS: Record<string, string[]> = {
  ELECTRONICS: [
    'phone', 'smartphone', 'telefon', 'telefón', 'smartfon', 'tablet', 'headphone', 'kopfhörer', 'sluchátk', 'slúchadl',
    'słuchawk', 'casque', 'speaker', 'lautsprecher', 'reproduktor', 'głośnik', 'enceinte', 'laptop', 'notebook',
    'monitor', 'televi', 'camera', 'kamera', 'elektroni', 'électroni', 'audio', 'konsol', 'console',
  ],
  FASHION: [
    'shirt', 'trič', 'koszul', 'jacket', 'jacke', 'bund', 'kurtk', 'veste', 'shoe', 'schuh', 'obuv', 'chaussure',
    'sneaker', 'tenisk', 'basket', 'boot', 'stiefel', 'botk', 'bottine', 'topánk', 'boty', 'dress', 'kleid', 'šaty',
    'sukienk', 'robe', 'clothing', 'bekleidung', 'oblečen', 'odzież', 'vêtement', 'fashion', 'móda',
  ],
  HOME_AND_GARDEN: [
    'kitchen', 'küche', 'kuchyn', 'kuchy', 'kuchni', 'cuisine', 'frying', 'pfanne', 'pánev', 'panvic', 'patelni', 'poêle',
    'knife', 'knives', 'messer', 'nůž', 'nož', 'nôž', 'nóż', 'couteau', 'garden', 'garten', 'zahrad', 'záhrad',
    'ogród', 'ogrod', 'jardin', 'furniture', 'möbel', 'nábyt', 'meble', 'mobilier', 'chair', 'stuhl', 'židl',
    'stoličk', 'krzesł', 'chaise', 'werkzeug', 'nářad', 'nárad', 'narzędzi', 'outil', 'shears', 'schere', 'nůžk',
    'nožnic', 'sekator', 'sécateur', 'topf', 'töpfe', 'hrnc', 'hrnce', 'garnk', 'casserole', 'pots',
  ],
  BEAUTY: ['parfum', 'perfume', 'kosmeti', 'cosmeti', 'makeup', 'shampoo', 'šampon', 'krém', 'cream', 'creme'],
  TOYS: ['toy', 'spielzeug', 'hračk', 'hračky', 'zabawk', 'jouet', 'lego', 'puzzle'],
  SPORTS: ['sport', 'bike', 'fahrrad', 'kolo', 'bicykel', 'rower', 'vélo', 'fitness', 'tennis', 'lyže'],
  FOOD: ['food', 'coffee', 'káva', 'kaffee', 'kawa', 'café', 'čaj', 'wine', 'víno', 'wein', 'wino'],
  BOOKS: ['book', 'buch', 'bücher', 'kniha', 'knihy', 'książk', 'livre', 'roman'],
};
const patterns = Object.entries(KEYWORDS).map(
  ([type, stems]) => [type, new RegExp(`(?<![\\p{L}])(?:${stems.join('|')})`, 'giu')] as const,
);

/**
 * The kind of goods a shop sells, from the words of its category names and product names: the type
 * whose keywords occur most, GENERAL when none do.
 */
export function detectProductType(texts: readonly string[]): string {
  const text = texts.join(' \n ').toLowerCase();
  let best = { type: 'GENERAL', score: 0 };
  for (const [type, pattern] of patterns) {
    const score = text.match(pattern)?.length ?? 0;
    if (score > best.score) best = { type, score };
  }
  return best.type;
}
