/**
 * Random regular expressions over a small alphabet, as a fast-check arbitrary, for comparing the
 * bounded matcher with JavaScript's RegExp: concatenation, alternation, groups, lookarounds,
 * backreferences and quantifiers, nested a few levels deep. `fc.sample` with a seed gives the
 * same patterns each run.
 */
import fc from 'fast-check';

export interface RandomRegexOptions {
  atoms: readonly string[];
  quantifiers: readonly string[];
  /** Whether a quantified group may be capturing (`(…)*`) as well as non-capturing (`(?:…)*`). */
  capturingRepeats: boolean;
}

/** Capturing groups in a pattern built from the pieces below: `(` not followed by `?`. */
function capturingGroups(pattern: string): number {
  return (pattern.match(/(?<!\\)\((?!\?)/g) ?? []).length;
}

export function regexArbitrary(options: RandomRegexOptions): fc.Arbitrary<string> {
  const { pattern } = fc.letrec<{ pattern: string }>((tie) => {
    const inner = tie('pattern');
    return {
      pattern: fc.oneof(
        { depthSize: 'small', maxDepth: 4 },
        fc.constantFrom(...options.atoms),
        fc.tuple(inner, inner).map(([a, b]) => `${a}${b}`),
        fc.tuple(inner, inner).map(([a, b]) => `${a}|${b}`),
        inner.map((body) => `(${body})`),
        fc.tuple(fc.constantFrom('=', '!', '<=', '<!', ':'), inner).map(([kind, body]) => `(?${kind}${body})`),
        // A backreference to a group the pattern already has (none: it stays an atom).
        fc.tuple(inner, fc.nat()).map(([body, n]) => {
          const groups = capturingGroups(body);
          return groups === 0 ? body : `${body}\\${1 + (n % groups)}`;
        }),
        fc
          .tuple(inner, fc.constantFrom(...options.quantifiers), fc.boolean())
          .map(([body, quantifier, capturing]) => `${options.capturingRepeats && capturing ? `(${body})` : `(?:${body})`}${quantifier}`),
      ),
    };
  });
  return pattern;
}
