import { Tokenizer, TagToken } from 'liquidjs';

/** What is wrong with a template body, said the way its author thinks of it, and where it began. */
export interface TemplateProblem {
  message: string;
  line: number;
  column: number;
}

/** Liquid's block tags and the tag that closes each. */
const BLOCKS: Record<string, string> = {
  if: 'endif',
  unless: 'endunless',
  for: 'endfor',
  case: 'endcase',
  capture: 'endcapture',
  tablerow: 'endtablerow',
  comment: 'endcomment',
  raw: 'endraw',
};
const OPENER_OF = new Map(Object.entries(BLOCKS).map(([open, close]) => [close, open]));
/** Tags that belong inside a block, with the blocks they may sit in. */
const INNER: Record<string, string[]> = {
  else: ['if', 'unless', 'for', 'case'],
  elsif: ['if', 'unless'],
  when: ['case'],
  break: ['for', 'tablerow'],
  continue: ['for', 'tablerow'],
};

const tag = (name: string) => `{% ${name} %}`;
const list = (names: string[]) => names.map(tag).join(names.length === 2 ? ' or ' : ', ').replace(/, ([^,]*)$/, ' or $1');

interface Open {
  name: string;
  line: number;
  column: number;
}

/**
 * Reads the body's tags as Liquid will and names the first mistake in its blocks: a block
 * never closed (where it was opened), a closing tag with nothing to close, an `else` outside
 * its block. Liquid's own messages say where its parser stopped ("tag "endif" not found") and
 * repeat the position; the author needs where the unclosed block began. Undefined when the
 * blocks are sound: the caller keeps Liquid's message then.
 */
export function explainBlocks(body: string): TemplateProblem | undefined {
  let tokens;
  try {
    tokens = new Tokenizer(body).readTopLevelTokens();
  } catch (error) {
    return explainTokenizing(error);
  }
  const open: Open[] = [];
  for (const token of tokens) {
    if (!(token instanceof TagToken)) continue;
    const [line = 1, column = 1] = token.getPosition();
    const name = token.name;
    const inside = open.at(-1);
    // The body of a comment or raw block is text until its closing tag.
    if (inside && (inside.name === 'comment' || inside.name === 'raw') && name !== BLOCKS[inside.name]) continue;
    if (BLOCKS[name]) {
      open.push({ name, line, column });
      continue;
    }
    const opener = OPENER_OF.get(name);
    if (opener) {
      if (inside?.name === opener) {
        open.pop();
        continue;
      }
      if (inside) {
        return {
          message: `${tag(inside.name)} opened on line ${inside.line} is never closed: ${tag(name)} on line ${line} comes before its ${tag(BLOCKS[inside.name]!)}${open.some((block) => block.name === opener) ? '' : `, and there is no ${tag(opener)} for it to close`}`,
          line: inside.line,
          column: inside.column,
        };
      }
      return { message: `${tag(name)} on line ${line} closes nothing: there is no ${tag(opener)} open before it`, line, column };
    }
    const within = INNER[name];
    if (within && !open.some((block) => within.includes(block.name))) {
      return { message: `${tag(name)} on line ${line} is outside any ${list(within)}`, line, column };
    }
  }
  const unclosed = open.at(-1);
  if (unclosed) {
    return {
      message: `${tag(unclosed.name)} opened on line ${unclosed.line} is never closed: add ${tag(BLOCKS[unclosed.name]!)} where it ends`,
      line: unclosed.line,
      column: unclosed.column,
    };
  }
  return undefined;
}

function explainTokenizing(error: unknown): TemplateProblem | undefined {
  const err = error as Error & { token?: { getPosition?: () => [number, number] } };
  const [line, column] = err.token?.getPosition?.() ?? [1, 1];
  const output = /^output "(.*?)" not closed/s.exec(err.message);
  if (output) return { message: `{{ opened on line ${line} is never closed: end it with }}`, line, column };
  const tagText = /^tag "(.*?)" not closed/s.exec(err.message);
  if (tagText) return { message: `{% opened on line ${line} is never closed: end it with %}`, line, column };
  return undefined;
}

/**
 * Liquid's message without its ", line:4, col:7" tail (the position is given once, by the
 * caller), an unknown tag said as such.
 */
export function withoutPosition(message: string): string {
  const plain = message.replace(/,? line:\d+, col:\d+$/, '');
  const unknown = /^tag "([^"]+)" not found$/.exec(plain);
  return unknown ? `{% ${unknown[1]} %} is not a Liquid tag` : plain;
}
