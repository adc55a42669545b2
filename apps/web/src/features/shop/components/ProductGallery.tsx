import { GALLERY_IMAGE_SIZES, imageSrcSet, imageVariantUrl, imageWidthSrcSet } from '@festival/contract';
import { useRef, useState, type KeyboardEvent } from 'react';
import { say } from '../../../lib/say';
import { productTexts } from '../product.messages';

export interface ProductGalleryProps {
  /** Up to 4 image URLs, in order. */
  images: readonly string[];
  /** The product name, for the images' text alternative. */
  name: string;
}

/**
 * The product gallery (spec section 2): a 500 by 500 main image and 100 by 100 thumbnails.
 * The thumbnails are toggle buttons in one tab stop: Tab reaches the group, the arrow keys
 * (and Home, End) move between thumbnails, Enter or Space shows the focused one.
 */
export function ProductGallery({ images, name }: ProductGalleryProps) {
  const [selected, setSelected] = useState(0);
  const [focusable, setFocusable] = useState(0);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const count = images.length;
  const shown = Math.min(selected, count - 1);
  const url = images[shown];

  if (!url) {
    return (
      <div className="gallery">
        <div className="gallery__main gallery__main--empty" aria-hidden="true">
          {name.charAt(0)}
        </div>
      </div>
    );
  }

  const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = thumbs.current.findIndex((thumb) => thumb === document.activeElement);
    if (current < 0) return;
    // The row of thumbnails reads in the page's direction: right to left, the left arrow goes on.
    const key = getComputedStyle(event.currentTarget).direction === 'rtl' ? ({ ArrowRight: 'ArrowLeft', ArrowLeft: 'ArrowRight' }[event.key] ?? event.key) : event.key;
    let next: number;
    switch (key) {
      case 'ArrowRight':
      case 'ArrowDown':
        next = (current + 1) % count;
        break;
      case 'ArrowLeft':
      case 'ArrowUp':
        next = (current - 1 + count) % count;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = count - 1;
        break;
      default:
        return;
    }
    event.preventDefault();
    setFocusable(next);
    thumbs.current[next]?.focus();
  };

  return (
    <div className="gallery">
      <div className="gallery__main">
        <img
          id="gallery-main-image"
          src={imageVariantUrl(url, 500)}
          srcSet={imageWidthSrcSet(url, 350, 1000)}
          sizes={GALLERY_IMAGE_SIZES}
          width={500}
          height={500}
          alt={count > 1 ? say(productTexts.productGallery.image({ name, number: shown + 1, count })) : name}
          loading="eager"
          fetchPriority="high"
        />
      </div>
      {count > 1 && (
        <div className="gallery__thumbs" role="group" aria-label={say(productTexts.productGallery.images)} onKeyDown={moveFocus}>
          {images.map((thumb, index) => (
            <button
              key={`${index}-${thumb}`}
              ref={(element) => {
                thumbs.current[index] = element;
              }}
              type="button"
              className="gallery__thumb"
              tabIndex={index === focusable ? 0 : -1}
              aria-pressed={index === shown}
              aria-label={say(productTexts.productGallery.show({ number: index + 1, count }))}
              aria-controls="gallery-main-image"
              onFocus={() => setFocusable(index)}
              onClick={() => {
                setSelected(index);
                setFocusable(index);
              }}
            >
              <img src={imageVariantUrl(thumb, 100)} srcSet={imageSrcSet(thumb, 100)} width={100} height={100} alt="" decoding="async" />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
