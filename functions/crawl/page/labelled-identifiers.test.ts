import { describe, expect, it } from 'vitest';
import { labelledIdentifiers } from './labelled-identifiers.ts';
import { readPage } from './read-page.ts';

const read = (body: string) =>
  labelledIdentifiers(readPage(`<html><body>${body}</body></html>`, 'https://shop.test/p/1'));

describe('labelledIdentifiers', () => {
  it('reads the value in the cell after a label', () => {
    expect(
      read('<table><tr><th>Brand</th><td>Bosch</td></tr><tr><th>SKU:</th><td>AB-12</td></tr></table>'),
    ).toEqual({
      brand: 'Bosch',
      gtin: null,
      sku: 'AB-12',
      mpn: null,
      colour: null,
    });
  });

  it('reads a label and its code in one text', () => {
    expect(read('<p class="product-code">Product code: 46286401</p>').sku).toBe('46286401');
  });

  it("reads a classified ad's post id as its reference", () => {
    expect(read('<div class="postinginfos"><p class="postinginfo">post id: 7235216655</p></div>').sku).toBe(
      '7235216655',
    );
  });

  it('reads the abbreviated and hyphenated German article labels', () => {
    expect(read('<div><span><span>Art.</span><span>1357247</span></span></div>').sku).toBe('1357247');
    expect(read('<ul><li><span>Artikel-Nummer</span><span>1049084</span></li></ul>').sku).toBe('1049084');
  });

  it("takes the code labelled SKU over a specification's item number", () => {
    expect(
      read('<span> SKU: <span>317183</span> </span><p>Item Number: <span>BNV250CRO1BUC1</span></p>').sku,
    ).toBe('317183');
    expect(read('<p>Item Number: <span>BNV250CRO1BUC1</span></p>').sku).toBe('BNV250CRO1BUC1');
  });

  it("reads the colour a variant picker's label shows as chosen", () => {
    expect(read('<label>Couleur : <span>noir/blanc</span></label>').colour).toBe('noir/blanc');
  });

  it('reads the element after a label text inside the same block', () => {
    expect(read('<p>Ref : <span>VE900</span></p>').sku).toBe('VE900');
  });

  it('reads an element the markup names as the product reference', () => {
    expect(
      read('<p><span>Black</span> - <span data-qa-qualifier="product-reference">1002/710</span></p>').sku,
    ).toBe('1002/710');
  });

  it("reads the maker's part number by its label, in the page's language, around direction marks", () => {
    expect(read('<table><tr><th> Modellnummer </th><td> 8856 </td></tr></table>').mpn).toBe('8856');
    expect(read('<span>Item model number \u200f : \u200e</span> <span>A157S546</span>').mpn).toBe('A157S546');
    expect(
      read(
        '<p><span>make/manufacturer: <b>Indesit</b></span><span>model name/number: <b>XWSC61251</b></span></p>',
      ),
    ).toMatchObject({
      brand: 'Indesit',
      mpn: 'XWSC61251',
    });
  });

  it("reads the brand label in the page's language, the maker only where no brand is labelled", () => {
    expect(
      read('<table><tr><td> Kaubamärk </td><td> <a href="/c/bosch">Bosch</a> </td></tr></table>').brand,
    ).toBe('Bosch');
    expect(read('<ul><li><span>Ražotājs </span><div><span>CALVIN KLEIN</span></div></li></ul>').brand).toBe(
      'CALVIN KLEIN',
    );
    expect(
      read(
        '<table><tr><th>Hersteller</th><td>Ankerkraut GmbH</td></tr><tr><th>Marke</th><td>Ankerkraut</td></tr></table>',
      ).brand,
    ).toBe('Ankerkraut');
  });

  it('reads the value after the cell of a label that sits alone in it', () => {
    expect(
      read(
        '<table><tr><td><span>Hersteller</span></td><td>Weleda AG</td></tr><tr><td><span>Marke</span></td><td>WELEDA</td></tr></table>',
      ).brand,
    ).toBe('WELEDA');
  });

  it('reads labels a template indents with long runs of whitespace', () => {
    const indent = ' '.repeat(120);
    expect(
      read(
        `<dl><dt>${indent}Brand${indent}</dt><dd>Norton</dd><dt>${indent}Manufacturer Part Number (MPN)${indent}</dt><dd>GA00638-GB</dd></dl>`,
      ),
    ).toMatchObject({ brand: 'Norton', mpn: 'GA00638-GB' });
  });

  it("takes a marketplace's listing id over a generic label that shows the maker's number", () => {
    expect(
      read(
        '<table><tr><th>Hersteller</th><td>DeLonghi</td></tr><tr><th>Artikelnummer</th><td>HMP 2000</td></tr>' +
          '<tr><th>Modellnummer</th><td>HMP 2000</td></tr><tr><th>ASIN</th><td>B00CYG4J5U</td></tr></table>',
      ),
    ).toMatchObject({ sku: 'B00CYG4J5U', mpn: 'HMP 2000' });
    expect(
      read(
        '<table><tr><th>Artikelnummer</th><td>HMP 2000</td></tr><tr><th>Modellnummer</th><td>HMP 2000</td></tr>' +
          '<tr><th>Art.-Nr.</th><td>100234</td></tr></table>',
      ).sku,
    ).toBe('100234');
    expect(read('<table><tr><th>Artikelnummer</th><td>100234</td></tr></table>').sku).toBe('100234');
  });

  it('reads a label ended by a dash with its value as text after it', () => {
    expect(
      read(
        '<ul><li><strong>Product Code - </strong>39139301</li><li><strong>Brand - </strong>GANT</li></ul>',
      ),
    ).toMatchObject({ sku: '39139301', brand: 'GANT' });
  });

  it('reads a labelled barcode only with a valid check digit', () => {
    expect(read('<dl><dt>EAN:</dt><dd>4006381333931</dd></dl>').gtin).toBe('4006381333931');
    expect(read('<dl><dt>EAN:</dt><dd>4006381333932</dd></dl>').gtin).toBeNull();
  });

  it('takes no prose for a code', () => {
    expect(
      read('<p>Product code: see the label on the box</p><div class="product-code">Call us</div>').sku,
    ).toBeNull();
  });

  it("reads the shop's code by the label its country's shops use", () => {
    expect(read('<p class="product-id">Tootekood: 763127</p>').sku).toBe('763127');
    expect(read('<div>Nr ref. <span id="refNumber">82514129</span></div>').sku).toBe('82514129');
    expect(read('<span class="deal_tag_num">딜번호 : 4548094738</span>').sku).toBe('4548094738');
    expect(read('<dl><dt>商品編號</dt><dd>DBAB3X-A900AQK2F</dd></dl>').sku).toBe('DBAB3X-A900AQK2F');
    expect(read('<p>Артикул: 12-345</p>').sku).toBe('12-345');
  });

  it('reads a label and its code in one text without a colon, only where the code holds a digit', () => {
    expect(read('<div class="cl-gray5">Produkta kods 545642356</div>').sku).toBe('545642356');
    expect(read('<div>Produkta kods pieejams veikalā</div>').sku).toBeNull();
  });

  it('reads the value past the comments a renderer leaves after the label', () => {
    expect(read('<strong>AD ID<!-- --> <!-- -->1021493409</strong>').sku).toBe('1021493409');
  });
});
