import { describe, expect, it } from 'vitest';
import {
  isTypingTarget,
  pageAfter,
  pagingCommandOf,
  readPageNumber,
  sidewaysScrollOf,
} from './paging';

const key = (name: string, target: object | null = null, modifiers = {}) => ({
  key: name,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  target: target as EventTarget | null,
  ...modifiers,
});

describe('pagingCommandOf', () => {
  it('pages with the arrows, J/K, Home and End', () => {
    expect(
      ['ArrowRight', 'j', 'J', 'ArrowLeft', 'k', 'K', 'Home', 'End'].map((name) =>
        pagingCommandOf(key(name)),
      ),
    ).toEqual(['next', 'next', 'next', 'previous', 'previous', 'previous', 'first', 'last']);
    expect(pagingCommandOf(key('ArrowRight', { tagName: 'BUTTON' }))).toBe('next');
    expect(pagingCommandOf(key('x'))).toBeUndefined();
  });

  it('leaves keys alone while typing in a field, or with a modifier', () => {
    for (const target of [
      { tagName: 'INPUT' },
      { tagName: 'TEXTAREA' },
      { tagName: 'SELECT' },
      { tagName: 'DIV', isContentEditable: true },
      { tagName: 'DIV', role: 'textbox' },
    ]) {
      expect(isTypingTarget(target as unknown as EventTarget)).toBe(true);
      expect(pagingCommandOf(key('j', target))).toBeUndefined();
    }
    expect(pagingCommandOf(key('ArrowLeft', null, { altKey: true }))).toBeUndefined();
    expect(pagingCommandOf(key('End', null, { ctrlKey: true }))).toBeUndefined();
    expect(pagingCommandOf(key('k', null, { metaKey: true }))).toBeUndefined();
  });
});

describe('pageAfter', () => {
  it('moves within the document', () => {
    expect(pageAfter('next', 3, 10)).toBe(4);
    expect(pageAfter('next', 10, 10)).toBe(10);
    expect(pageAfter('previous', 1, 10)).toBe(1);
    expect(pageAfter('previous', 5, 10)).toBe(4);
    expect(pageAfter('first', 7, 10)).toBe(1);
    expect(pageAfter('last', 2, 10)).toBe(10);
    expect(pageAfter('last', 1, 0)).toBe(1);
  });
});

describe('readPageNumber', () => {
  it('takes a page of the document, nothing else', () => {
    expect(readPageNumber(' 7 ', 10)).toBe(7);
    for (const text of ['0', '11', '2.5', '-1', 'abc', '', '1e1']) {
      expect(readPageNumber(text, 10), text).toBeUndefined();
    }
  });
});

describe('sidewaysScrollOf', () => {
  it('scrolls a zoomed page sideways with the arrows before turning it', () => {
    // A phone's page at 100 %: 816 px in a 358 px column.
    const box = { scrollWidth: 816, clientWidth: 358 };
    expect(sidewaysScrollOf('ArrowRight', { ...box, scrollLeft: 0 })).toBe(143);
    expect(sidewaysScrollOf('ArrowRight', { ...box, scrollLeft: 400 })).toBe(58);
    expect(sidewaysScrollOf('ArrowRight', { ...box, scrollLeft: 457.6 })).toBeUndefined();
    expect(sidewaysScrollOf('ArrowLeft', { ...box, scrollLeft: 100 })).toBe(-100);
    expect(sidewaysScrollOf('ArrowLeft', { ...box, scrollLeft: 0 })).toBeUndefined();
    // At fit width nothing scrolls: the arrows turn the page; J and K always do.
    expect(
      sidewaysScrollOf('ArrowRight', { scrollWidth: 358, clientWidth: 358, scrollLeft: 0 }),
    ).toBeUndefined();
    expect(sidewaysScrollOf('j', { ...box, scrollLeft: 0 })).toBeUndefined();
  });
});
