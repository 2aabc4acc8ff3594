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
