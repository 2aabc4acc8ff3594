/**
 * The code is written in the name as whole words run together ("sx10is" in "canon sx10 is",
 * "hd3110" in "webcam hd-3110"), not as part of a longer word: "dp2dvi" is not spelled in "mdp2dvi
 * adapter", another model. `spacedName` is the name's words separated by single spaces.
 */
export function spelledInName(code: string, spacedName: string): boolean {
  let from = spacedName.indexOf(code[0] ?? '');
  while (from !== -1) {
    if (from === 0 || spacedName[from - 1] === ' ') {
      let at = from;
      let matched = 0;
      while (matched < code.length && at < spacedName.length) {
        if (spacedName[at] !== ' ') {
          if (spacedName[at] !== code[matched]) break;
          matched++;
        }
        at++;
      }
      if (matched === code.length && (at === spacedName.length || spacedName[at] === ' ')) return true;
    }
    from = spacedName.indexOf(code[0] ?? '', from + 1);
  }
  return false;
}
