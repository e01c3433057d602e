import { describe, expect, it } from 'vitest';
import { explainLinkError } from '../../../renderer/features/links/links';

describe('link errors in words', () => {
  it('explains a read of a missing value in both engines’ wordings, naming the field', () => {
    expect(explainLinkError('resolver', "TypeError: cannot read property 'id' of undefined")).toBe(
      'The resolver read “id” of a value this order does not have (undefined). Check that the field exists first, e.g. with ?. or a condition, or test the link on this order\'s payload.',
    );
    expect(explainLinkError('condition', "TypeError: Cannot read properties of null (reading '1')")).toMatch(/^The condition read “1” of a value this order does not have \(null\)/);
  });

  it('names an unknown variable and a call of something that is not a function', () => {
    expect(explainLinkError('resolver', 'ReferenceError: orderr is not defined')).toMatch(/^The resolver uses “orderr”, which does not exist/);
    expect(explainLinkError('condition', 'TypeError: order.note.matches is not a function')).toMatch(/^The condition calls “order.note.matches”/);
  });

  it('says a run that hit a limit was stopped, and falls back to a plain sentence', () => {
    expect(explainLinkError('resolver', 'interrupted')).toMatch(/ran too long and was stopped/);
    expect(explainLinkError('resolver', 'resolver returned null; expected a string or a number')).toMatch(/^The resolver gave null instead of the id of the order/);
    expect(explainLinkError('resolver', 'Error: boom')).toBe('The resolver failed, so the order went in without being linked. Test the link on this order\'s payload to see why.');
  });
});
