import { describe, expect, it } from 'vitest';
import { mainHeading } from './main-heading.ts';
import { readPage } from './read-page.ts';

const headingOf = (title: string, body: string): string | null =>
  mainHeading(
    readPage(
      `<html><head><title>${title}</title></head><body>${body}</body></html>`,
      'https://shop.test/p/1',
    ),
  )?.text ?? null;

describe('mainHeading', () => {
  it("takes the heading holding the title's name over a review's h1 holding a fragment of it", () => {
    expect(
      headingOf(
        'Acme Faux Fur Throw at Acme Stores',
        '<h1>Acme Faux Fur Throw, Platinum</h1><section><h1>Luxurious</h1><h1>Faux Throw</h1></section>',
      ),
    ).toBe('Acme Faux Fur Throw, Platinum');
  });

  it('reads a heading for screen readers without the words naming the kind of page the title lacks', () => {
    expect(
      headingOf(
        'Hairpin Stool Walnut - Room Essentials : Shop',
        '<h1>Product description page - Hairpin Stool Walnut - Room Essentials</h1>',
      ),
    ).toBe('Hairpin Stool Walnut - Room Essentials');
    expect(headingOf('Garden chair - Teak | Shop', '<h1>Garden chair - Teak</h1>')).toBe(
      'Garden chair - Teak',
    );
  });

  it("leaves out a byline linking the maker's other products", () => {
    expect(
      headingOf(
        'MSI PRO MP273, 27"',
        '<h2><span>MSI PRO MP273, 27"</span> <span>von <a href="/list?maker=MSI">MSI</a></span></h2>',
      ),
    ).toBe('MSI PRO MP273, 27"');
    expect(headingOf('Tales by Night', '<h1><span>Tales</span> <span>by Night</span></h1>')).toBe(
      'Tales by Night',
    );
  });
});
