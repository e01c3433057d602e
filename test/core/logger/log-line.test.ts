import { describe, expect, it } from 'vitest';
import { logLine } from '../../../main/core/foundations/logger';

describe('the log line', () => {
  it('writes controls a terminal acts on and bidi controls as \\uXXXX, and reads back as the same text', () => {
    const name = 'Ada\u009b2J\u0085 \u202ekcatta\u2067 #1001\u2028x\u007f';
    const line = logLine('info', `order ${name} created`, { customer: name });
    // eslint-disable-next-line no-control-regex -- control characters are what the log must not hold
    expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/);
    expect(line).toContain('\\u009b2J\\u0085 \\u202ekcatta\\u2067');
    const parsed = JSON.parse(line) as { message: string; customer: string; level: string };
    expect(parsed).toMatchObject({ level: 'info', message: `order ${name} created`, customer: name });
    // Text of every language is left as it is.
    expect(logLine('info', 'заказ 注文 הזמנה')).toContain('заказ 注文 הזמנה');
  });
});
