import postcss from 'postcss';
import { keepProperties, propertiesTestsRead } from '../../vite.testStyles';

const keep = (css: string) =>
  keepProperties(postcss.parse(css), propertiesTestsRead).toString().replace(/\s+/g, ' ').trim();

describe('the stylesheets the app tests see (vite.testStyles.ts)', () => {
  it('keeps display, visibility and pointer-events, whatever their case, and drops the rest', () => {
    expect(keep('.a { color: red; DISPLAY: none; padding: 4px } .b { visibility: hidden; pointer-events: none }')).toBe(
      '.a { DISPLAY: none } .b { visibility: hidden; pointer-events: none }',
    );
  });

  it('keeps a rule inside a media query and the query with it', () => {
    expect(keep('@media (min-width: 600px) { .a { display: grid; gap: 8px } }')).toBe(
      '@media (min-width: 600px) { .a { display: grid } }',
    );
  });

  it('removes rules and media queries left empty, nested ones too', () => {
    expect(
      keep('.a { color: red } @media print { @supports (display: grid) { .b { margin: 0 } } } .c { display: block }'),
    ).toBe('.c { display: block }');
  });

  it('keeps !important, which decides the cascade jsdom computes', () => {
    expect(keep('.a { display: none !important; color: red }')).toBe('.a { display: none !important }');
  });

  it('drops custom properties, unless a kept value reads one', () => {
    expect(keep(':root { --gap: 4px } .a { display: flex; gap: var(--gap) }')).toBe('.a { display: flex }');
    expect(keep(':root { --shown: none; --gap: 4px } .a { display: var(--shown); gap: var(--gap) }')).toBe(
      ':root { --shown: none; --gap: 4px } .a { display: var(--shown) }',
    );
  });
});
