// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { followPaymentInstruction } from './payment-instruction';

function testWindow(href = 'https://shop.example.org/checkout') {
  return { document, location: { href, assign: vi.fn() } };
}

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('following a payment instruction', () => {
  it('redirects to the URL of a redirect instruction', () => {
    const win = testWindow();
    followPaymentInstruction({ action: 'redirect', url: 'https://pay.example.com/session/abc?x=1' }, win);
    expect(win.location.assign).toHaveBeenCalledWith('https://pay.example.com/session/abc?x=1');
  });

  it("resolves a path against the shop's own address", () => {
    const win = testWindow();
    followPaymentInstruction({ action: 'redirect', url: '/payments/sandbox/pay_1' }, win);
    expect(win.location.assign).toHaveBeenCalledWith('https://shop.example.org/payments/sandbox/pay_1');
  });

  it('posts the params of a submit instruction as a form of hidden fields', () => {
    const submitted: HTMLFormElement[] = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      submitted.push(this);
    });
    const win = testWindow();
    followPaymentInstruction({ action: 'submit', url: 'https://pay.example.com/post', params: { reference: 'pay_1', amount: '4550', signature: 'a"b<c>' } }, win);

    expect(submitted).toHaveLength(1);
    const form = submitted[0]!;
    expect(form.isConnected).toBe(true);
    expect(form.method).toBe('post');
    expect(form.action).toBe('https://pay.example.com/post');
    const fields = [...form.querySelectorAll('input')].map((input) => [input.type, input.name, input.value]);
    expect(fields).toEqual([
      ['hidden', 'reference', 'pay_1'],
      ['hidden', 'amount', '4550'],
      ['hidden', 'signature', 'a"b<c>'],
    ]);
    expect(win.location.assign).not.toHaveBeenCalled();
  });

  it('refuses addresses that are not web pages', () => {
    const win = testWindow();
    expect(() => followPaymentInstruction({ action: 'redirect', url: 'javascript:alert(1)' }, win)).toThrow();
    expect(() => followPaymentInstruction({ action: 'submit', url: 'data:text/html,hi', params: {} }, win)).toThrow();
    expect(win.location.assign).not.toHaveBeenCalled();
    expect(document.querySelector('form')).toBeNull();
  });
});
