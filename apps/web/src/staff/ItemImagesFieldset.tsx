import { CATALOGUE_IMAGE_MAX_BYTES, CATALOGUE_IMAGE_MAX_SIDE, CATALOGUE_IMAGES_MAX, imageVariantUrl, staffCatalogueMessages } from '@festival/contract';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Button } from '../components/ui/Button';
import { say } from '../lib/say';
import { staffCall, StaffApiError } from './api';
import { base64Pieces, canAddImage, isTooLarge, movedImage, withImage, withoutImage } from './item-images';
import { staffTexts } from './texts';

const texts = staffTexts.catalogueImages;

/**
 * An item's images in its editor (decision 0105): each shown small with its alt text from the
 * item's name, moved or removed; a file chosen is sent to the shop, which decodes it and stores it
 * with its sizes, and its address joins the list. The item's save sends the list.
 */
export function ItemImagesFieldset({ name, images, onChange, problem }: { name: string; images: readonly string[]; onChange: (images: string[]) => void; problem?: string | undefined }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [reading, setReading] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const shown = refusal ?? problem;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setRefusal(null);
    if (isTooLarge(file.size)) {
      setRefusal(say(staffCatalogueMessages.imageTooLarge(CATALOGUE_IMAGE_MAX_BYTES / 1024 / 1024)));
      input.current?.focus();
      return;
    }
    setReading(true);
    try {
      const answer = await staffCall('catalogue-image-upload', { file_name: file.name.slice(0, 200) || 'image', data: base64Pieces(new Uint8Array(await file.arrayBuffer())) });
      onChange(withImage(images, answer.url));
    } catch (error) {
      const atField = error instanceof StaffApiError ? error.errors.data?.join(' ') : undefined;
      setRefusal(atField ?? (error instanceof Error ? error.message : String(error)));
      input.current?.focus();
    } finally {
      setReading(false);
    }
  };

  return (
    <fieldset className="fieldset staff-cat-edit__group staff-cat-images">
      <legend>{say(texts.legend)}</legend>
      <p id={`${id}-hint`} className="field__hint">
        {texts.hint(CATALOGUE_IMAGES_MAX, CATALOGUE_IMAGE_MAX_BYTES / 1024 / 1024, CATALOGUE_IMAGE_MAX_SIDE)}
      </p>
      {images.length === 0 ? (
        <p className="text-muted">{say(texts.none)}</p>
      ) : (
        <ol className="staff-cat-images__list">
          {images.map((url, index) => (
            <li key={url} className="staff-cat-images__entry">
              <img src={imageVariantUrl(url, 100)} alt={texts.alt(name, index + 1, images.length)} width={100} height={100} loading="lazy" />
              <div className="button-row">
                <Button size="sm" variant="secondary" disabled={index === 0} onClick={() => onChange(movedImage(images, index, -1))} aria-label={texts.up(index + 1)}>
                  ↑
                </Button>
                <Button size="sm" variant="secondary" disabled={index === images.length - 1} onClick={() => onChange(movedImage(images, index, 1))} aria-label={texts.down(index + 1)}>
                  ↓
                </Button>
                <Button size="sm" variant="secondary" onClick={() => onChange(withoutImage(images, index))}>
                  {texts.remove(index + 1)}
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {canAddImage(images) && (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-file`}>
            {say(texts.add)}
          </label>
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="field__control"
            disabled={reading}
            onChange={(event) => void choose(event)}
            aria-invalid={shown ? true : undefined}
            aria-describedby={[`${id}-hint`, shown ? `${id}-problem` : null].filter(Boolean).join(' ')}
          />
        </div>
      )}
      <div role="status">{reading && <p className="text-muted">{say(texts.reading)}</p>}</div>
      {shown && (
        <p id={`${id}-problem`} className="field__hint staff-cat-images__problem" role="alert">
          {shown}
        </p>
      )}
    </fieldset>
  );
}
