import { describe, expect, it } from 'vitest';
import { TemplateEngine, TemplateSyntaxError } from '../../../main/core/features/documents/engine';

function problem(body: string): { message: string; line?: number; column?: number } {
  try {
    new TemplateEngine().validate(body);
  } catch (error) {
    if (!(error instanceof TemplateSyntaxError)) throw error;
    return { message: error.message, line: error.line, column: error.column };
  }
  throw new Error('the body parsed');
}

// A body of 100 lines with a `{% for %}` opened on line 90 and an `{% endif %}` where its end should be.
const LONG = [...Array.from({ length: 89 }, (_, i) => `<p>line ${i + 1}</p>`), '{% for item in order.lineItems %}', '<div>{{ item.name }}', '</div>{% endif %}', ...Array.from({ length: 8 }, () => '<p>more</p>')].join('\n');

describe('Liquid errors said as the author sees them', () => {
  it('names the block never closed by the line that opened it, not where the parser stopped', () => {
    expect(problem(LONG)).toEqual({
      message: '{% for %} opened on line 90 is never closed: {% endif %} on line 92 comes before its {% endfor %}, and there is no {% if %} for it to close',
      line: 90,
      column: 1,
    });
    expect(problem('<div>\n{% if note %}\n<p>{{ note }}</p>\n')).toEqual({ message: '{% if %} opened on line 2 is never closed: add {% endif %} where it ends', line: 2, column: 1 });
    expect(problem('{% if a %}{% for b in c %}{% endif %}{% endfor %}').message).toBe('{% for %} opened on line 1 is never closed: {% endif %} on line 1 comes before its {% endfor %}');
  });

  it('says a closing tag closes nothing, an else is outside its block, an output is not ended', () => {
    expect(problem('a\n{% endfor %}')).toEqual({ message: '{% endfor %} on line 2 closes nothing: there is no {% for %} open before it', line: 2, column: 1 });
    expect(problem('a\n\n{% else %}').message).toBe('{% else %} on line 3 is outside any {% if %}, {% unless %}, {% for %} or {% case %}');
    expect(problem('<p>\n{{ order.number </p>')).toMatchObject({ message: '{{ opened on line 2 is never closed: end it with }}', line: 2 });
    expect(problem('{% shout %}')).toMatchObject({ message: '{% shout %} is not a Liquid tag (line 1, column 1)', line: 1 });
  });

  it('reads comment and raw blocks as text, as Liquid does', () => {
    expect(() => new TemplateEngine().validate('{% raw %}{% if %}{% endraw %}{% comment %}{% for %}{% endcomment %}ok')).not.toThrow();
  });

  it('names the line once in the message of other errors', () => {
    const { message, line } = problem('a\n{{ x | shout }}');
    expect(message).toBe('undefined filter: shout (line 2, column 1)');
    expect(line).toBe(2);
  });
});
