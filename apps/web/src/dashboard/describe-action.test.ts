import { describe, expect, it } from 'vitest';
import { describeAction } from './describe-action';

describe('describeAction', () => {
  it('names the product actions in words and shows any other as its triple', () => {
    expect(describeAction({ type: 'document', name: 'viewer', action: 'download' })).toBe(
      'Downloaded the PDF',
    );
    expect(describeAction({ type: 'action', name: 'document', action: 'print' })).toBe(
      'action / document / print',
    );
  });
});
