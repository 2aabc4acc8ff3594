import { describe, expect, it } from 'vitest';
import { untrainedProfile } from '#test/real-pages';
import { extractProduct } from './extract-product.ts';
import { readPage } from './read-page.ts';

const url = 'https://shop.example/item/123';
const read = (body: string, head = '') =>
  extractProduct(
    readPage(
      `<html lang="en"><head><title>Garden chair | Shop</title>${head}</head><body>${body}</body></html>`,
      url,
    ),
    untrainedProfile(url),
  );

describe('the price by kind of page', () => {
  it('reads the price of a buy box whose swatches and share button are links to nowhere (href="") as the product\'s', () => {
    const record = read(
      '<h1>Garden chair</h1><div class="k1"><div class="k2">$49.00</div>' +
        '<ul><li><a href=""><img src="red.jpg" alt="Red"></a></li><li><a href=""><img src="blue.jpg" alt="Blue"></a></li></ul>' +
        '<a href="" onclick="share()"><img src="share.gif" alt="Share"></a><a href="https://pins.example/pin">Pin it</a>' +
        '<button>Add to bag</button></div>',
    );
    expect(record).toMatchObject({ price: '49.00', currency: 'USD' });
  });

  it('reads no add-on the buyer ticks beside the buy button (a protection plan) as the price', () => {
    const record = read(
      '<h1>Garden chair</h1><div class="k1"><span class="k2">Deal of the Day:</span> <span class="k3">$89.00</span></div>' +
        '<fieldset><div><label for="plan-1"><input id="plan-1" type="checkbox"> Include <a href="#">3-Year Protection</a> for <span>$17.98</span></label></div>' +
        '<div><input id="plan-2" type="checkbox"><label for="plan-2">Add 2-Year Warranty <span>$12.50</span></label></div><p><input type="checkbox"> Gift wrap $4.99</p></fieldset>' +
        '<button>Add to Cart</button>',
    );
    expect(record).toMatchObject({ price: '89.00', currency: 'USD' });
  });

  it('reads the current price of a microdata offer that marks up the old price struck through beside it', () => {
    const record = read(
      '<div itemscope itemtype="http://schema.org/Product"><h1 itemprop="name">Garden chair</h1>' +
        '<div itemprop="offers" itemscope itemtype="http://schema.org/Offer"><meta itemprop="priceCurrency" content="USD">' +
        '<span class="price-standard" itemprop="price">39.90</span> <span class="price-sales" itemprop="price">1.90</span></div></div>',
    );
    expect(record).toMatchObject({ price: '1.90', currency: 'USD' });
  });

  it('reads, of JSON-LD offers listed at different prices (sizes), the one the page shows selected, with its SKU', () => {
    const ld = {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Setting spray',
      offers: [
        { '@type': 'Offer', price: '15.0', priceCurrency: 'USD', sku: '1899954' },
        { '@type': 'Offer', price: '32.0', priceCurrency: 'USD', sku: '1900000' },
      ],
    };
    const head = `<script type="application/ld+json">${JSON.stringify(ld)}</script>`;
    const shown = read(
      '<h1>Setting spray</h1><div>Size: 4 oz</div><div>$32.00</div><button>Add to basket</button>',
      head,
    );
    expect(shown).toMatchObject({ price: '32.00', sku: '1900000' });
    // A page showing none of the offers' prices keeps the first offer.
    const none = read('<h1>Setting spray</h1><button>Add to basket</button>', head);
    expect(none).toMatchObject({ price: '15.00', sku: '1899954' });
  });

  describe('an old price the markup does not strike through (class names hidden)', () => {
    it('reads the lower of two amounts shown one after the other, the old one first', () => {
      const record = read(
        '<h1>Garden chair</h1><div class="k1"><div class="k2">EUR219.99</div> <div class="k3">-50%</div> <div class="k4">EUR110.00</div></div><button>Add to cart</button>',
      );
      expect(record).toMatchObject({ price: '110.00', currency: 'EUR' });
    });

    it('keeps the first amount where words stand between it and a lower one (a reward, not a sale)', () => {
      const record = read(
        '<h1>Garden chair</h1><div class="k1"><div class="k2">Price: 13,40 €</div><p class="k3">Back on your loyalty card 0,27 €</p></div><button>Add to cart</button>',
      );
      expect(record).toMatchObject({ price: '13.40', currency: 'EUR' });
    });

    it('takes the higher of two prices for the old one where the saving the page shows is their difference', () => {
      const record = read(
        '<h1>Garden chair</h1><table><tr><td>Price:</td><td><span class="k1">$119.99</span></td></tr>' +
          '<tr><td>Deal of the Day:</td><td><span class="k2">$89.00</span></td></tr>' +
          '<tr><td>You Save:</td><td><span class="k3">$30.99 (26%)</span></td></tr></table><button>Add to Cart</button>',
      );
      expect(record).toMatchObject({ price: '89.00', currency: 'USD' });
    });
  });
});
