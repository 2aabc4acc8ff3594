/** Text with runs of whitespace (including no-break spaces) collapsed and the ends trimmed. */
export function cleanText(text: string): string {
  return text.replace(/[\s\u00a0\u202f]+/g, ' ').trim();
}
