import { describe, expect, it } from 'vitest';
import { paperName } from '../../../renderer/features/printers/paper-names';

describe('paper names as people read them', () => {
  it.each([
    ['na_letter_8.5x11in', 'Letter (8.5×11 in)'],
    ['iso_a4_210x297mm', 'A4 (210×297 mm)'],
    ['iso_a6_105x148mm', 'A6 (105×148 mm)'],
    ['oe_4x6-label_4x6in', '4x6 label (4×6 in)'],
    ['na_number-10_4.125x9.5in', '#10 envelope (4.125×9.5 in)'],
    ['A4', 'A4'],
    ['Letter', 'Letter'],
  ])('%s → %s', (pwg, shown) => expect(paperName(pwg)).toBe(shown));
});
