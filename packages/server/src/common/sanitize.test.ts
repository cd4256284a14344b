import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitize';

describe('sanitizeRichText', () => {
  it('removes scripts, event handlers and javascript: links', () => {
    const out = sanitizeRichText(
      '<p onclick="x()">Hi<script>alert(1)</script><a href="javascript:alert(1)">x</a></p>',
    );
    expect(out).not.toMatch(/script|onclick|javascript/);
    expect(out).toContain('<p>Hi');
  });
  it('keeps formatting, colours, images and links', () => {
    const html =
      '<p style="text-align:center"><b>B</b> <span style="color:#ff3300">red</span> <img src="/api/files/abc.png" alt="a" /></p>';
    const out = sanitizeRichText(html);
    expect(out).toContain('<b>B</b>');
    expect(out).toContain('color:#ff3300');
    expect(out).toContain('src="/api/files/abc.png"');
  });
  it('keeps alignment on headings and rgb colours', () => {
    const out = sanitizeRichText(
      '<h2 style="text-align:center">T</h2><span style="color:rgb(255, 51, 0)">r</span>',
    );
    expect(out).toContain('<h2 style="text-align:center">');
    expect(out).toContain('color:rgb(255, 51, 0)');
  });
  it('drops style values that are not colours or alignment', () => {
    expect(sanitizeRichText('<span style="background:url(x)">a</span>')).toBe('<span>a</span>');
  });
});
