/**
 * The simple Markdown of Text components, drawn as React elements (never as HTML, so agent text
 * cannot inject markup): headings, paragraphs, bullet and numbered lists, **bold**, *italic*,
 * `code`, and [links](https://…) to http(s) and mailto URLs only.
 */
import { Fragment, type ReactNode } from 'react';

/** The URL when its scheme is allowed for `use`, else null. Relative URLs resolve against the page. */
export function safeUrl(raw: unknown, use: 'link' | 'image' | 'media'): string | null {
  if (typeof raw !== 'string' || raw.trim() === '') return null;
  if (use === 'image' && /^data:image\/(png|gif|jpeg|webp|svg\+xml)[;,]/i.test(raw)) return raw;
  try {
    const url = new URL(raw, window.location.href);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
    if (use === 'link' && url.protocol === 'mailto:') return url.href;
  } catch {
    // not a URL
  }
  return null;
}

const INLINE: Array<{ re: RegExp; draw: (m: RegExpExecArray, key: number) => ReactNode }> = [
  { re: /`([^`]+)`/, draw: (m, key) => <code key={key}>{m[1]}</code> },
  { re: /\[([^\]]+)\]\(([^)\s]+)\)/, draw: (m, key) => drawLink(m[1] ?? '', m[2] ?? '', key) },
  { re: /\*\*(.+?)\*\*|__(.+?)__/, draw: (m, key) => <strong key={key}>{inline(m[1] ?? m[2] ?? '')}</strong> },
  { re: /\*([^*\s](?:[^*]*[^*\s])?)\*|(?<![\w])_([^_\s](?:[^_]*[^_\s])?)_(?![\w])/, draw: (m, key) => <em key={key}>{inline(m[1] ?? m[2] ?? '')}</em> },
];

function drawLink(text: string, href: string, key: number): ReactNode {
  const url = safeUrl(href, 'link');
  if (url === null) return <Fragment key={key}>{inline(text)}</Fragment>;
  return (
    <a key={key} href={url} target="_blank" rel="noopener noreferrer">
      {inline(text)}
    </a>
  );
}

/** Inline Markdown: the earliest match wins, its inside is parsed again. */
export function inline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  let rest = text;
  let key = 0;
  while (rest !== '') {
    let best: { m: RegExpExecArray; draw: (m: RegExpExecArray, key: number) => ReactNode } | null = null;
    for (const rule of INLINE) {
      const m = rule.re.exec(rest);
      if (m && (best === null || m.index < best.m.index)) best = { m, draw: rule.draw };
    }
    if (best === null) {
      out.push(rest);
      break;
    }
    if (best.m.index > 0) out.push(rest.slice(0, best.m.index));
    out.push(best.draw(best.m, key++));
    rest = rest.slice(best.m.index + best.m[0].length);
  }
  return out;
}

type Block =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'list'; ordered: boolean; start: number; items: string[] }
  | { kind: 'paragraph'; lines: string[] };

function blocks(text: string): Block[] {
  const out: Block[] = [];
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const last = out[out.length - 1];
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const bullet = /^\s*[-*+]\s+(.*)$/.exec(line);
    const numbered = /^\s*(\d{1,9})[.)]\s+(.*)$/.exec(line);
    if (line.trim() === '') out.push({ kind: 'paragraph', lines: [] });
    else if (heading) out.push({ kind: 'heading', level: heading[1]?.length ?? 1, text: heading[2] ?? '' });
    else if (bullet || numbered) {
      const ordered = numbered !== null;
      const item = (bullet ? bullet[1] : numbered?.[2]) ?? '';
      if (last?.kind === 'list' && last.ordered === ordered) last.items.push(item);
      // An ordered list starts at its first number, as in CommonMark ("2. Museums" shows "2.").
      else out.push({ kind: 'list', ordered, start: Number(numbered?.[1] ?? 1), items: [item] });
    } else if (last?.kind === 'paragraph') last.lines.push(line);
    else out.push({ kind: 'paragraph', lines: [line] });
  }
  return out.filter((b) => b.kind !== 'paragraph' || b.lines.length > 0);
}

/**
 * Whether `text` is one line that no rule can match: no line break, none of the characters that
 * open inline markup or a heading (`` ` [ * _ # ``), no list marker at its start, and not blank.
 * Such text (most labels and values, and every keystroke's echo) draws as itself, unparsed: what
 * the parse would give is one paragraph of one line with no markup, the same text.
 */
export function isPlainText(text: string): boolean {
  return !/[\r\n`[*_#]/.test(text) && !/^\s*(?:[-+]|\d{1,9}[.)])\s/.test(text) && text.trim() !== '';
}

/** Whether `text` needs block elements (headings, lists, several paragraphs). */
export function isBlockMarkdown(text: string): boolean {
  return !isPlainText(text) && parsedIsBlock(text);
}

/** Whether the parse of `text` has block elements. */
export function parsedIsBlock(text: string): boolean {
  const b = blocks(text);
  return b.length > 1 || (b.length === 1 && b[0]?.kind !== 'paragraph');
}

/** The Markdown as React nodes; a single paragraph stays inline (it may sit inside a button). */
export function Markdown({ text }: { text: string }): ReactNode {
  return isPlainText(text) ? text : parsedMarkdown(text);
}

/** The Markdown parsed and drawn, whatever the text (what plain text would also give). */
export function parsedMarkdown(text: string): ReactNode {
  const b = blocks(text);
  if (b.length === 1 && b[0]?.kind === 'paragraph') return withBreaks(b[0].lines);
  return b.map((block, i) => {
    switch (block.kind) {
      case 'heading': {
        const H = `h${Math.min(block.level + 1, 6)}` as 'h2';
        return <H key={i}>{inline(block.text)}</H>;
      }
      case 'list': {
        const items = block.items.map((item, j) => <li key={j}>{inline(item)}</li>);
        return block.ordered ? (
          <ol key={i} start={block.start}>
            {items}
          </ol>
        ) : (
          <ul key={i}>{items}</ul>
        );
      }
      case 'paragraph':
        return <p key={i}>{withBreaks(block.lines)}</p>;
    }
  });
}

function withBreaks(lines: string[]): ReactNode {
  return lines.map((line, i) => (
    <Fragment key={i}>
      {i > 0 && <br />}
      {inline(line)}
    </Fragment>
  ));
}
