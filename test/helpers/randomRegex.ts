/**
 * Seeded random regular expressions over a small alphabet, for comparing the bounded matcher
 * with JavaScript's RegExp: concatenation, alternation, groups, lookarounds, backreferences and
 * quantifiers, nested a few levels deep. The same seed and options give the same patterns.
 */
export interface RandomRegexOptions {
  seed: number;
  atoms: readonly string[];
  quantifiers: readonly string[];
  /** Whether a quantified group may be capturing (`(…)*`) as well as non-capturing (`(?:…)*`). */
  capturingRepeats: boolean;
}

/** A generator of random patterns; each call gives the next one. */
export function randomRegexes(options: RandomRegexOptions): () => string {
  let seed = options.seed;
  const random = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const { atoms, quantifiers } = options;
  const generate = (depth: number, groups: { count: number }): string => {
    const choice = random(depth > 3 ? 3 : 9);
    if (choice <= 2) return atoms[random(atoms.length)] as string;
    if (choice === 3) return `${generate(depth + 1, groups)}${generate(depth + 1, groups)}`;
    if (choice === 4) return `${generate(depth + 1, groups)}|${generate(depth + 1, groups)}`;
    if (choice === 5) {
      groups.count += 1;
      return `(${generate(depth + 1, groups)})`;
    }
    if (choice === 6) return `(?${['=', '!', '<=', '<!', ':'][random(5)]}${generate(depth + 1, groups)})`;
    if (choice === 7 && groups.count > 0) return `\\${1 + random(groups.count)}`;
    const body = options.capturingRepeats && random(2) === 0 ? `(${generate(depth + 1, groups)})` : `(?:${generate(depth + 1, groups)})`;
    return `${body}${quantifiers[random(quantifiers.length)]}`;
  };
  return () => generate(0, { count: 0 });
}
