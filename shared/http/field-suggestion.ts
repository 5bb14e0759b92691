/** Suggests the known field a client probably meant (`scheduledFor` → `scheduled_for`). */
export function suggestFieldName(unknown: string, known: readonly string[]): string | undefined {
  const normalise = (name: string) => name.replace(/[-_\s]/g, '').toLowerCase();
  const target = normalise(unknown);
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    const distance = levenshtein(target, normalise(name));
    if (distance <= 2 && (!best || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}

function levenshtein(a: string, b: string): number {
  const previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    let diagonal = previous[0];
    previous[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const above = previous[j];
      previous[j] = Math.min(previous[j] + 1, previous[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return previous[b.length];
}
