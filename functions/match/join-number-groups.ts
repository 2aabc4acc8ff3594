/**
 * Writes numbers one way: thousands groups joined ("10 000", "10,000" -> "10000") and a decimal
 * comma as a point ("1,5" -> "1.5"). A comma followed by exactly three digits is read as a thousands
 * separator, as shops in both conventions write it.
 */
export function joinNumberGroups(text: string): string {
  const joined = text.replace(/(?<!\.)\b\d{1,3}(?:[ ,]\d{3})+(?![\d.,])/g, (number) =>
    number.replace(/[ ,]/g, ''),
  );
  // Every product's name and description pass here: the comma pattern runs only where one is left.
  return joined.includes(',') ? joined.replace(/(\d),(\d{1,2})(?!\d)/g, '$1.$2') : joined;
}
