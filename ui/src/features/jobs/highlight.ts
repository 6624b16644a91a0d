/** Splits `text` into plain and matched pieces for the search `terms` (any letter case, longest term first). */
export function highlightPieces(text: string, terms: string[]): { text: string; hit: boolean }[] {
  const words = terms.filter((t) => t.trim()).sort((a, b) => b.length - a.length);
  if (!words.length || !text) return [{ text, hit: false }];
  const lower = text.toLowerCase();
  const pieces: { text: string; hit: boolean }[] = [];
  let plain = '';
  let i = 0;
  while (i < text.length) {
    const w = words.find((t) => lower.startsWith(t.toLowerCase(), i));
    if (w) {
      if (plain) pieces.push({ text: plain, hit: false });
      plain = '';
      pieces.push({ text: text.slice(i, i + w.length), hit: true });
      i += w.length;
    } else {
      plain += text[i];
      i += 1;
    }
  }
  if (plain) pieces.push({ text: plain, hit: false });
  return pieces;
}
