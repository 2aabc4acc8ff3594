import { groupsNamed, groupWords } from './word-groups.ts';

/**
 * Words that name a colour, grouped by colour: English, the shop abbreviations ("BLK", "WHT") and
 * the main European languages, folded. Left out are words that mostly mean something else in
 * titles: "blu" (Blu-ray), "or" and "pur" (French "or", "pure"), "rose" (rose gold), "clear"
 * (a drumhead's or a case's finish, "ClearType"), two-letter codes ("bk", "wh").
 */
const colourGroups: readonly (readonly string[])[] = [
  ['black', 'blk', 'schwarz', 'noir', 'negro', 'nero', 'preto', 'zwart', 'czarny'],
  ['white', 'wht', 'weiss', 'blanc', 'blanco', 'bianco', 'branco', 'wit', 'bialy'],
  ['red', 'rot', 'rouge', 'rojo', 'rosso', 'vermelho', 'rood', 'czerwony'],
  ['blue', 'blau', 'bleu', 'azul', 'blauw', 'niebieski'],
  ['green', 'grn', 'grun', 'gruen', 'vert', 'verde', 'groen', 'zielony'],
  ['yellow', 'ylw', 'gelb', 'jaune', 'amarillo', 'giallo', 'amarelo', 'geel', 'zolty'],
  ['grey', 'gray', 'gry', 'grau', 'gris', 'grigio', 'grijs', 'szary'],
  ['silver', 'slv', 'silber', 'argent', 'plata', 'argento', 'prata', 'zilver', 'srebrny'],
  ['gold', 'oro', 'goud', 'zloty'],
  ['pink', 'pnk', 'rosa'],
  ['purple', 'violet', 'lila', 'viola', 'morado', 'paars', 'fioletowy'],
  ['orange', 'naranja', 'arancione', 'laranja', 'oranje'],
  ['brown', 'brn', 'braun', 'marron', 'marrone', 'bruin', 'brazowy'],
  ['magenta'],
  ['cyan'],
  ['beige'],
  ['camouflage', 'camo'],
];

const colourOf = groupWords(colourGroups);

/** Bits of the colours the words name, one per group; 0 where none is named. */
export function coloursNamed(words: readonly string[]): number {
  return groupsNamed(words, colourOf);
}
