// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ProductGallery } from './ProductGallery';

afterEach(cleanup);

const hash = (n: number) => String(n).repeat(32);
const images = [1, 2, 3].map((n) => `/media/${hash(n)}.webp`);
const mainImage = () => screen.getByRole('img', { name: /^Weekend ticket/ });
const thumb = (n: number) => screen.getByRole('button', { name: `Show image ${n} of 3` });

describe('ProductGallery', () => {
  it('shows the first image at 500 px with its variants from 350 to 1000 px, and a pressed first thumbnail', () => {
    render(<ProductGallery images={images} name="Weekend ticket" />);
    expect(mainImage().getAttribute('src')).toBe(`/media/${hash(1)}-500.webp`);
    expect(mainImage().getAttribute('srcset')).toBe(
      [350, 500, 700, 1000].map((width) => `/media/${hash(1)}-${width}.webp ${width}w`).join(', '),
    );
    expect(mainImage().getAttribute('sizes')).toBe('(max-width: 51.99rem) 100vw, 500px');
    expect(mainImage().getAttribute('alt')).toBe('Weekend ticket, image 1 of 3');
    expect(thumb(1).getAttribute('aria-pressed')).toBe('true');
    expect(thumb(2).getAttribute('aria-pressed')).toBe('false');
    expect(thumb(2).querySelector('img')?.getAttribute('src')).toBe(`/media/${hash(2)}-100.webp`);
  });

  it('shows the image of a clicked thumbnail', async () => {
    const user = userEvent.setup();
    render(<ProductGallery images={images} name="Weekend ticket" />);
    await user.click(thumb(3));
    expect(mainImage().getAttribute('src')).toBe(`/media/${hash(3)}-500.webp`);
    expect(thumb(3).getAttribute('aria-pressed')).toBe('true');
    expect(thumb(1).getAttribute('aria-pressed')).toBe('false');
  });

  it('is one tab stop; arrows move between thumbnails and Enter or Space chooses', async () => {
    const user = userEvent.setup();
    render(<ProductGallery images={images} name="Weekend ticket" />);
    expect([1, 2, 3].map((n) => thumb(n).tabIndex)).toEqual([0, -1, -1]);
    await user.tab();
    expect(document.activeElement).toBe(thumb(1));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(thumb(2));
    expect(mainImage().getAttribute('src')).toBe(`/media/${hash(1)}-500.webp`);
    await user.keyboard('{Enter}');
    expect(mainImage().getAttribute('src')).toBe(`/media/${hash(2)}-500.webp`);
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(document.activeElement).toBe(thumb(3));
    await user.keyboard(' ');
    expect(mainImage().getAttribute('src')).toBe(`/media/${hash(3)}-500.webp`);
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(thumb(1));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(thumb(3));
    expect([1, 2, 3].map((n) => thumb(n).tabIndex)).toEqual([-1, -1, 0]);
  });

  it('shows no thumbnails for a single image, and a placeholder without images', () => {
    const { unmount } = render(<ProductGallery images={images.slice(0, 1)} name="Poster" />);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByRole('img', { name: 'Poster' })).toBeTruthy();
    unmount();
    render(<ProductGallery images={[]} name="Poster" />);
    expect(screen.queryAllByRole('img')).toHaveLength(0);
  });
});
