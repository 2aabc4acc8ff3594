import { describe, expect, it } from 'vitest';
import { untrainedProfile } from '#test/real-pages';
import { extractProduct } from './extract-product.ts';
import { readPage } from './read-page.ts';

const url = 'https://shop.test/p/1';
const nameOf = (title: string, body: string): string | null =>
  extractProduct(
    readPage(`<html lang="fr"><head><title>${title}</title></head><body>${body}</body></html>`, url),
    untrainedProfile(url),
  )?.name ?? null;

describe("the product's name on the visible page", () => {
  it('leaves out the colour a variant picker shows as chosen after a dash', () => {
    const body = (heading: string) =>
      `<main><h1>${heading}</h1><p>20,00 €</p><label>Couleur : <span>noir/blanc</span></label><button>Ajouter au panier</button></main>`;
    expect(
      nameOf('Déguisement de fantôme - noir/blanc - Boutique', body('Déguisement de fantôme - noir/blanc')),
    ).toBe('Déguisement de fantôme');
    expect(nameOf('Déguisement de fantôme - Bébé - Boutique', body('Déguisement de fantôme - Bébé'))).toBe(
      'Déguisement de fantôme - Bébé',
    );
  });
});

describe("the product's name where its structured data names the variant", () => {
  const page = (options: string) =>
    extractProduct(
      readPage(
        `<html lang="en-US"><head><title>Linen Robe – Shop</title></head><body><div itemscope itemtype="http://schema.org/Product">` +
          '<h1 itemprop="name" content="Linen Robe - Free size / Blue">Linen Robe</h1>' +
          '<div itemprop="offers" itemscope itemtype="http://schema.org/Offer"><span itemprop="price">59.00</span><meta itemprop="priceCurrency" content="USD"></div>' +
          `<select>${options}</select></div></body></html>`,
        url,
      ),
      untrainedProfile(url),
    )?.name;

  it('names the product the heading shows where the rest is a variant the page offers', () => {
    expect(page('<option selected>Free size / Blue - $59.00 USD</option>')).toBe('Linen Robe');
    expect(page('<option>Gift box</option>')).toBe('Linen Robe - Free size / Blue');
  });

  it('names the product the heading shows where the rest is a labelled model number', () => {
    const record = extractProduct(
      readPage(
        '<html lang="he"><head><title>Desktop i7 16GB</title></head><body><h1>Desktop i7 16GB</h1>' +
          '<script type="application/ld+json">{"@type":"Product","name":"Desktop i7 16GB דגם: OPTIPLEX 9010","offers":{"price":"1679","priceCurrency":"ILS"}}</script></body></html>',
        url,
      ),
      untrainedProfile(url),
    );
    expect(record?.name).toBe('Desktop i7 16GB');
  });
});
