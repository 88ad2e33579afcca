/**
 * The XObjects a page's content stream draws, and where, when the stream does nothing else: a
 * scanner's page is `q 612 0 0 792 0 0 cm /Im0 Do Q`. Only the operators that save, restore and
 * transform the coordinate system, and draw an XObject, are understood; any other (text, paths,
 * inline images, graphics states, colours) means the page is more than its XObjects, and the
 * answer is undefined.
 */

/** `[a b c d e f]`: a PDF transformation matrix, mapping (x, y) to (ax + cy + e, bx + dy + f). */
export type Matrix = readonly [number, number, number, number, number, number];

export interface ImageDraw {
  /** The resource name, without its slash (`Im0`). */
  name: string;
  /** The transformation in force, from the unit square the XObject fills to the page's space. */
  matrix: Matrix;
}

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** `m` applied first, then `then`: PDF's `cm` makes the new matrix `m × current`. */
export function multiply(m: Matrix, then: Matrix): Matrix {
  const [a, b, c, d, e, f] = m;
  const [ta, tb, tc, td, te, tf] = then;
  return [
    a * ta + b * tc,
    a * tb + b * td,
    c * ta + d * tc,
    c * tb + d * td,
    e * ta + f * tc + te,
    e * tb + f * td + tf,
  ];
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)$/;
/** A name without `#` escapes, which a resource name of a scanner's never needs. */
const NAME = /^\/[!-~]+$/;
/**
 * Tokens: a comment, a name, or a run of other regular characters (numbers and operators).
 * Delimiters that start strings, arrays or dictionaries are left unmatched, and so refused.
 */
const TOKEN = /%[^\r\n]*|\/[^\s()<>[\]{}/%]*|[^\s()<>[\]{}/%]+|\S/g;

/** What `content` draws, or undefined when it does anything besides drawing XObjects. */
export function findImageDraws(content: string): ImageDraw[] | undefined {
  const draws: ImageDraw[] = [];
  const saved: Matrix[] = [];
  let matrix = IDENTITY;
  let operands: string[] = [];
  for (const [token] of content.matchAll(TOKEN)) {
    if (token.startsWith('%')) continue;
    if (NUMBER.test(token) || NAME.test(token)) {
      operands.push(token);
      continue;
    }
    if (token === 'q' && operands.length === 0) {
      saved.push(matrix);
    } else if (token === 'Q' && operands.length === 0) {
      const restored = saved.pop();
      if (!restored) return undefined;
      matrix = restored;
    } else if (token === 'cm' && operands.length === 6 && operands.every((o) => NUMBER.test(o))) {
      matrix = multiply(operands.map(Number) as unknown as Matrix, matrix);
    } else if (token === 'Do' && operands.length === 1 && NAME.test(operands[0] ?? '')) {
      draws.push({ name: (operands[0] as string).slice(1), matrix });
    } else {
      return undefined;
    }
    operands = [];
  }
  return operands.length === 0 ? draws : undefined;
}
