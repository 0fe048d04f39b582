import { describe, expect, it } from 'vitest';
import { sanitize } from './sanitize-html';

const ATTACKS = [
  '<script>alert(1)</script>',
  '<img src=x onerror="alert(1)">',
  '<a href="javascript:alert(1)">x</a>',
  '<svg><script>alert(1)</script></svg>',
  '<iframe src="https://evil.example"></iframe>',
  '<p onclick="alert(1)">tap</p>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<style>body{display:none}</style>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<object data="data:text/html,<script>alert(1)</script>"></object>',
];

describe('sanitize', () => {
  it.each(['default', 'strict', 'strip-all'] as const)('leaves no script, handler or javascript: URL in %s mode', (mode) => {
    for (const attack of ATTACKS) {
      const clean = sanitize(attack, mode).toLowerCase();
      expect(clean).not.toMatch(/<script|onerror|onclick|javascript:|<iframe|<style|<object|<svg|style=/);
    }
  });

  it('keeps ordinary markup and safe links in default mode, without styles', () => {
    expect(
      sanitize(
        '<p style="color:red">Try our <strong>new</strong> <a href="https://maple.example/menu" target="_blank">menu</a></p>',
        'default',
      ),
    ).toBe('<p>Try our <strong>new</strong> <a href="https://maple.example/menu" target="_blank" rel="noopener noreferrer">menu</a></p>');
  });

  it('keeps only b, i, em, strong, p and br without attributes in strict mode', () => {
    expect(sanitize('<p class="x"><b>Closed</b> <a href="https://x.example">today</a><br><span>sorry</span></p>', 'strict')).toBe(
      '<p><b>Closed</b> today<br />sorry</p>',
    );
  });

  it('keeps text only in strip-all mode', () => {
    expect(sanitize('<p>Fish &amp; <em>chips</em></p>', 'strip-all')).toBe('Fish &amp; chips');
  });
});
