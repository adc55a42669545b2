/**
 * The pseudo-language (issue 36 point 6): every text of the catalogues accented and 40 % longer,
 * in brackets, so a developer or translator sees at once a text that is not from the catalogues
 * (it stays plain), one cut off (its closing bracket is missing) and a layout that breaks with
 * the longer words of German, Polish or French. Switched on for a tab with `?pseudo=1` (off with
 * `?pseudo=0`); loaded only then, so the shop's first load does not carry it.
 */
const ACCENTS: Readonly<Record<string, string>> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, index) => [letter, [...'áƀçđéƒĝĥíĵķĺɱñóþǫŕšţúṽŵẋýžÁƁÇĐÉƑĜĤÍĴĶĹṀÑÓÞǪŔŠŢÚṼŴẊÝŽ'][index]!]),
);
/** How much longer a pseudo text is: German and Polish run 30–40 % longer than English. */
export const PSEUDO_GROWTH = 0.4;

/** A text in the pseudo-language: letters accented, the rest as it is, 40 % more in words that can wrap, in brackets. */
export function pseudoText(text: string): string {
  const accented = text.replace(/[A-Za-z]/g, (letter) => ACCENTS[letter] ?? letter);
  const extra = Math.ceil(text.length * PSEUDO_GROWTH);
  let padding = '';
  // Words of up to seven characters, so a long text can still wrap where a real one would.
  while (padding.length < extra) padding += padding.length % 8 === 7 || padding.length === 0 ? ' ' : '~';
  return `⟦${accented}${extra > 1 ? padding.trimEnd() : ''}⟧`;
}
