import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitize';

describe('organiser HTML', () => {
  it('drops scripts, event handlers and javascript: URLs but keeps formatting', () => {
    const clean = sanitizeRichText(
      '<p onclick="steal()">Hi <strong>there</strong><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a><a href="https://example.com" target="_blank">ok</a></p>',
    );
    expect(clean).not.toMatch(/script|onerror|onclick|javascript:/i);
    expect(clean).toContain('<strong>there</strong>');
    expect(clean).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">ok</a>');
  });
});
