/**
 * The PDFs use the 14 standard fonts, which encode text as WinAnsi (Windows-1252).
 * That keeps files small and the text extractable, but a character outside that
 * code page cannot be drawn at all (pdf-lib throws). Content is written with
 * Unicode where it reads best; this maps what WinAnsi lacks to readable ASCII,
 * and the same sanitized text is what the database stores, so the reader and
 * search show exactly the words in the PDF.
 */

// Windows-1252 0x80–0x9F: the printable characters it adds on top of Latin-1.
const CP1252_EXTRAS = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';

const REPLACEMENTS: Readonly<Record<string, string>> = {
  // Greek letters, spelled out as students say them.
  α: 'alpha',
  β: 'beta',
  γ: 'gamma',
  δ: 'delta',
  ε: 'epsilon',
  θ: 'theta',
  λ: 'lambda',
  μ: 'mu',
  π: 'pi',
  ρ: 'rho',
  σ: 'sigma',
  τ: 'tau',
  φ: 'phi',
  ω: 'omega',
  Δ: 'Delta',
  Σ: 'Sigma',
  Ω: 'Omega',
  // Mathematical symbols.
  '−': '-',
  '≤': '<=',
  '≥': '>=',
  '≠': '!=',
  '≈': '~',
  '→': '->',
  '←': '<-',
  '⇒': '=>',
  '⇔': '<=>',
  '√': 'sqrt',
  '∞': 'infinity',
  '∑': 'sum',
  '∫': 'integral',
  '∈': 'in',
  '∂': 'd',
  '⋅': '·',
  '′': "'",
  '₀': '0',
  '₁': '1',
  '₂': '2',
  '₃': '3',
  // Typography that renders as nothing or breaks lines unpredictably.
  '\u00a0': ' ',
  '\u00ad': '',
  '\u2009': ' ',
  '\u202f': ' ',
};

export function isWinAnsiEncodable(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  if (code === 0x0a) return true;
  if (code >= 0x20 && code <= 0x7e) return true;
  // Latin-1 except the invisible no-break space and soft hyphen.
  if (code >= 0xa1 && code <= 0xff && code !== 0xad) return true;
  return CP1252_EXTRAS.includes(char);
}

const SUPERSCRIPTS = '⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺ⁿ';
const SUPERSCRIPT_PLAIN = '0123456789-+n';
// ¹ ² ³ exist in Latin-1, the other superscripts do not; a run like "⁻¹" becomes "^-1".
const SUPERSCRIPT_RUN = /[⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺ⁿ]+/g;

/** Returns text that the standard fonts can encode, replacing what they cannot. */
export function sanitizeWinAnsiText(text: string): string {
  const superscripted = text.replace(SUPERSCRIPT_RUN, (run) =>
    [...run].every(isWinAnsiEncodable)
      ? run
      : `^${[...run].map((char) => SUPERSCRIPT_PLAIN[SUPERSCRIPTS.indexOf(char)]).join('')}`,
  );
  let out = '';
  const chars = [...superscripted];
  chars.forEach((char, index) => {
    if (isWinAnsiEncodable(char)) {
      out += char;
      return;
    }
    const replacement = REPLACEMENTS[char];
    if (replacement !== undefined) {
      // A spelled-out letter needs room: "λv" reads "lambda v", not "lambdav".
      const isWord = /^[A-Za-z]{2,}$/.test(replacement);
      const before = isWord && /[A-Za-z0-9]$/.test(out) ? ' ' : '';
      const after = isWord && /^[A-Za-z0-9(]/.test(chars[index + 1] ?? '') ? ' ' : '';
      out += `${before}${replacement}${after}`;
      return;
    }
    // Accented letters outside Latin-1 (e.g. "ő") degrade to their base letter.
    const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
    out += [...base].every(isWinAnsiEncodable) && base.length > 0 ? base : '?';
  });
  return out;
}
