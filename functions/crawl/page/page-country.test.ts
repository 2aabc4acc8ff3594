import { describe, expect, it } from 'vitest';
import { countryNamedByPage, pageCountry } from './page-country.ts';
import { readPage } from './read-page.ts';

const page = (html: string, url = 'https://tickets.test/evento/1') => readPage(html, url);

describe('pageCountry', () => {
  it("reads the region of the page's locale, else the locale in its address, else its country domain", () => {
    expect(pageCountry(page('<html lang="es-CL"><body></body></html>'))).toBe('CL');
    expect(pageCountry(page('<html lang="en"><body></body></html>', 'https://shop.test/en-gb/p/1'))).toBe(
      'GB',
    );
    expect(pageCountry(page('<html lang="es"><body></body></html>', 'https://tienda.cl/p/1'))).toBe('CL');
    expect(pageCountry(page('<html lang="es"><body></body></html>'))).toBeNull();
  });
});

describe('countryNamedByPage', () => {
  it('takes the dollar-sign country a page in Spanish names most, by its name or its capital', () => {
    const html =
      '<html lang="es"><body><p>Streaming Punto Play - Santiago</p><p>País: Chile, Perú, Argentina.</p><p>$3.340</p></body></html>';
    expect(countryNamedByPage(page(html))).toBe('CL');
    expect(countryNamedByPage(page('<html lang="es"><body><p>Envíos a todo México</p></body></html>'))).toBe(
      'MX',
    );
  });

  it('names none for a page in another language, or one that names no such country', () => {
    expect(
      countryNamedByPage(page('<html lang="en"><body><p>Ships from Chile</p></body></html>')),
    ).toBeNull();
    expect(countryNamedByPage(page('<html lang="es"><body><p>Envío gratis</p></body></html>'))).toBeNull();
  });

  it('reads no country from scripts or hidden text', () => {
    const html =
      '<html lang="es"><body><script>var sites = ["Chile", "Chile"];</script><p hidden>Argentina</p></body></html>';
    expect(countryNamedByPage(page(html))).toBeNull();
  });
});
