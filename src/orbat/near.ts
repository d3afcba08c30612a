/**
 * "Did you mean": the choice a mistyped cell most likely meant (armor → armour, usa → us,
 * unitt → unit). The distance is Damerau–Levenshtein (a swap of two letters counts as one edit),
 * without regard to case; a suggestion is made only when one choice alone is nearest and close
 * enough that it is a slip, not another word: at most one edit in a word of up to four letters, two
 * in a longer one.
 */

function distance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/** The one choice `value` is a slip for, or null. */
export function nearestChoice(value: string, choices: readonly string[]): string | null {
  const typed = value.trim().toLowerCase();
  if (typed === "") return null;
  const allowed = typed.length <= 4 ? 1 : 2;
  let best: string | null = null;
  let bestDistance = Infinity;
  let tied = false;
  for (const choice of choices) {
    const d = distance(typed, choice.toLowerCase());
    if (d < bestDistance) [best, bestDistance, tied] = [choice, d, false];
    else if (d === bestDistance) tied = true;
  }
  return best !== null && !tied && bestDistance > 0 && bestDistance <= allowed ? best : null;
}
