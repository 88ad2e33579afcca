import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { isWinAnsiEncodable, sanitizeWinAnsiText } from './sanitize-win-ansi-text';

describe('sanitizeWinAnsiText', () => {
  it('keeps what WinAnsi encodes, including dashes, curly quotes and Latin-1 signs', () => {
    const text = 'Gram–Schmidt — “quoted” it’s 3 × 4 = 12, x², 90°, ±0.5, café';
    expect(sanitizeWinAnsiText(text)).toBe(text);
  });

  it('spells out Greek letters and maps mathematical symbols to ASCII', () => {
    expect(sanitizeWinAnsiText('Av = λv and (A - λI)')).toBe('Av = lambda v and (A - lambda I)');
    expect(sanitizeWinAnsiText('a ≤ b → c ≠ d')).toBe('a <= b -> c != d');
    expect(sanitizeWinAnsiText('A⁻¹ in R⁶ but x² stays')).toBe('A^-1 in R^6 but x² stays');
    expect(sanitizeWinAnsiText('ΔG = −30.5 kJ/mol')).toBe('Delta G = -30.5 kJ/mol');
  });

  it('only lets through characters that Helvetica can draw', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const supported = new Set(font.getCharacterSet());
    for (let code = 0x20; code <= 0x2fff; code++) {
      const char = String.fromCodePoint(code);
      if (isWinAnsiEncodable(char)) expect(supported.has(code), char).toBe(true);
    }
    expect(() => font.encodeText(sanitizeWinAnsiText('λ ∑ ∞ √ ő ⊗'))).not.toThrow();
  });
});
