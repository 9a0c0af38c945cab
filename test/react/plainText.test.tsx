/**
 * @jest-environment jsdom
 *
 * Text that no Markdown rule can match is drawn as itself, without parsing (markdown.tsx). The
 * parser is the reference: whatever `isPlainText` accepts, the parse must draw as the same text
 * and find no block in it. Strings are drawn from the characters the rules look at.
 */
import fc from 'fast-check';
import { renderToStaticMarkup } from 'react-dom/server';
import { isPlainText, Markdown, parsedIsBlock, parsedMarkdown } from '../../src/react/markdown';

const alphabet = ['a', 'b', ' ', '\t', '\n', '\r', '\u2028', '#', '-', '+', '*', '_', '`', '[', ']', '(', ')', '.', '1', '9', ':', '/', '<', '&', 'é'];
const texts = fc.array(fc.constantFrom(...alphabet), { maxLength: 14 }).map((cs) => cs.join(''));

test('whatever isPlainText accepts, the parse draws as the text itself, with no block', () => {
  fc.assert(
    fc.property(texts, (text) => {
      if (!isPlainText(text)) return;
      expect(renderToStaticMarkup(<>{parsedMarkdown(text)}</>)).toBe(renderToStaticMarkup(<>{text}</>));
      expect(parsedIsBlock(text)).toBe(false);
    }),
    { numRuns: 3000 },
  );
});

test('Markdown draws what the parse draws, plain or not', () => {
  fc.assert(
    fc.property(texts, (text) => {
      expect(renderToStaticMarkup(<>{Markdown({ text })}</>)).toBe(renderToStaticMarkup(<>{parsedMarkdown(text)}</>));
    }),
    { numRuns: 3000 },
  );
});

test.each([
  ['item 42', true],
  ['Hello, world: 1.5 (ok)', true],
  ['- item', false],
  ['+ item', false],
  ['2. second', false],
  ['# title', false],
  ['a *b*', false],
  ['a_b', false],
  ['line\nnext', false],
  ['   ', false],
  ['', false],
])('%j plain: %s', (text, plain) => {
  expect(isPlainText(text)).toBe(plain);
});
