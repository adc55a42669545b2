// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RichText } from './RichText';

afterEach(cleanup);

describe('RichText', () => {
  it('renders the configured HTML as markup, not as text', () => {
    render(<RichText html={'<p>Read the <a href="/terms">terms</a>.</p>'} />);
    const link = screen.getByRole('link', { name: 'terms' });
    expect(link.getAttribute('href')).toBe('/terms');
    expect(screen.queryByText(/<a href/)).toBeNull();
  });

  it.each([null, undefined, ''])('renders nothing for %j', (html) => {
    const { container } = render(<RichText html={html} />);
    expect(container.innerHTML).toBe('');
  });

  it('wraps the markup in a div with the rich-text class by default', () => {
    const { container } = render(<RichText html="<b>Hi</b>" className="intro" id="welcome" />);
    const wrapper = container.firstElementChild;
    expect(wrapper?.tagName).toBe('DIV');
    expect(wrapper?.className).toBe('rich-text intro');
    expect(wrapper?.id).toBe('welcome');
  });

  it('renders into the element given with as', () => {
    const { container } = render(<RichText html="Opening hours" as="section" />);
    expect(container.firstElementChild?.tagName).toBe('SECTION');
    expect(container.firstElementChild?.textContent).toBe('Opening hours');
  });
});
