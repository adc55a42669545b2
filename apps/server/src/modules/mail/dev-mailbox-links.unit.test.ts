import { describe, expect, it } from 'vitest';
import { linksOpenedHere } from './dev-mailbox.routes';

describe("the demo mailbox's links lead where it is read (decision 0071)", () => {
  const body = 'Log in at http://localhost:3000/login, or http://localhost:3000. <img src="http://localhost:3000/brand/logo.png"> Not http://localhost:30001/x.';

  it('shows localhost links under 127.0.0.1 (and [::1]) when the mailbox is opened there on the same port', () => {
    expect(linksOpenedHere(body, 'http://localhost:3000', '127.0.0.1:3000')).toBe(
      'Log in at http://127.0.0.1:3000/login, or http://127.0.0.1:3000. <img src="http://127.0.0.1:3000/brand/logo.png"> Not http://localhost:30001/x.',
    );
    expect(linksOpenedHere('http://127.0.0.1:8080/portal', 'http://127.0.0.1:8080/', 'LOCALHOST:8080')).toBe('http://localhost:8080/portal');
    expect(linksOpenedHere('http://localhost:3000/portal', 'http://localhost:3000', '[::1]:3000')).toBe('http://[::1]:3000/portal');
  });

  it('leaves the links alone for a configured address, another port, another host or the same name', () => {
    expect(linksOpenedHere(body, 'https://shop.example.org', '127.0.0.1:3000')).toBe(body);
    expect(linksOpenedHere(body, 'http://localhost:3000', '127.0.0.1:8080')).toBe(body);
    expect(linksOpenedHere(body, 'http://localhost:3000', 'shop.example.org:3000')).toBe(body);
    expect(linksOpenedHere(body, 'http://localhost:3000', 'localhost:3000')).toBe(body);
    expect(linksOpenedHere(body, 'http://localhost:3000', undefined)).toBe(body);
  });
});
