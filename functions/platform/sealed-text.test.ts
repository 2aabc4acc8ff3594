import { describe, expect, it } from 'vitest';
import { openText, sealText } from './sealed-text.ts';

const SECRET = 'a-service-secret';

describe('sealed text', () => {
  it('opens with the same secret, purpose and context, and does not hold the text in clear', () => {
    const sealed = sealText(SECRET, 'crawl-proxy', 'prj_1', 'http://user:s3cret@proxy.example:8080');

    expect(sealed).not.toContain('s3cret');
    expect(openText(SECRET, 'crawl-proxy', 'prj_1', sealed)).toBe('http://user:s3cret@proxy.example:8080');
  });

  it('seals the same text differently each time', () => {
    expect(sealText(SECRET, 'crawl-proxy', 'prj_1', 'x')).not.toBe(
      sealText(SECRET, 'crawl-proxy', 'prj_1', 'x'),
    );
  });

  it('does not open under another secret, purpose or context, nor when altered', () => {
    const sealed = sealText(SECRET, 'crawl-proxy', 'prj_1', 'http://proxy.example');
    const [version, iv, body, tag] = sealed.split('.');
    const altered = [version, iv, `${body?.slice(0, -2)}AA`, tag].join('.');

    expect(openText('another-secret', 'crawl-proxy', 'prj_1', sealed)).toBeNull();
    expect(openText(SECRET, 'other-purpose', 'prj_1', sealed)).toBeNull();
    expect(openText(SECRET, 'crawl-proxy', 'prj_2', sealed)).toBeNull();
    expect(openText(SECRET, 'crawl-proxy', 'prj_1', altered)).toBeNull();
    expect(openText(SECRET, 'crawl-proxy', 'prj_1', 'not sealed')).toBeNull();
  });
});
