import { describe, expect, it } from 'vitest';
import { isBotWall } from './bot-wall.ts';

describe('isBotWall', () => {
  it('reads a 403 as a wall whatever its body', () => {
    expect(isBotWall(403, '')).toBe(true);
  });

  it.each([
    [
      'a Cloudflare challenge',
      '<html><head><title>Just a moment...</title></head><body><script src="/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1"></script></body></html>',
    ],
    [
      'a DataDome captcha',
      '<html><body><iframe src="https://geo.captcha-delivery.com/captcha/?initialCid=x"></iframe></body></html>',
    ],
    [
      'a short page titled as a human check',
      '<html><head><title>Are you a robot?</title></head><body><form>…</form></body></html>',
    ],
  ])('reads %s answered with 200 as a wall', (_name, body) => {
    expect(isBotWall(200, body)).toBe(true);
  });

  it('leaves a product page with a captcha widget in its review form alone', () => {
    const page = `<html><head><title>Trail shoe X – Shop</title></head><body><h1>Trail shoe X</h1>
      <form class="review"><div class="g-recaptcha" data-sitekey="k"></div></form></body></html>`;
    expect(isBotWall(200, page)).toBe(false);
  });

  it('leaves a long page whose title names a captcha alone', () => {
    const page = `<html><head><title>Captcha solver keyboard</title></head><body>${'<p>spec</p>'.repeat(8000)}</body></html>`;
    expect(isBotWall(200, page)).toBe(false);
  });

  it('leaves other statuses to the fetcher', () => {
    expect(isBotWall(404, '<title>Access denied</title>')).toBe(false);
    expect(isBotWall(null, '')).toBe(false);
  });
});
