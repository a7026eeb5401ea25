import { useRef, useState } from 'react';
import * as m from '../../shared/i18n/generated/messages.js';

/** One photo of the gallery, with the text a shopper who cannot see it reads instead. */
export interface GalleryImage {
  url: string;
  alt: string;
}

/**
 * The product's photos: the main one (fetched first), thumbnails that show their view in its place,
 * and a zoomed view in a modal dialog when the main photo is pressed. The dialog closes with Escape,
 * its close button or a click beside the photo, and focus goes back to the main photo. The server
 * renders the same markup, so the page shows the main photo and thumbnails before this hydrates.
 */
export default function ProductGallery({ images }: { images: GalleryImage[] }) {
  const [shown, setShown] = useState(0);
  const dialog = useRef<HTMLDialogElement>(null);
  const main = useRef<HTMLButtonElement>(null);
  const image = images[shown] ?? images[0];
  if (!image) return null;
  return (
    <>
      <button
        type="button"
        ref={main}
        className="product__main"
        aria-label={`Zoom: ${image.alt}`}
        aria-haspopup="dialog"
        onClick={() => dialog.current?.showModal()}
      >
        {/* A new element per view, so a failed view's retries never carry over to the next one. */}
        <img
          key={image.url}
          src={image.url}
          alt={image.alt}
          width="400"
          height="400"
          fetchPriority="high"
          data-retry=""
        />
      </button>
      {images.length > 1 && (
        <ul className="product__thumbs" aria-label="Views">
          {images.map((view, index) => (
            <li key={view.url}>
              <button
                type="button"
                aria-label={m.gallery_show({ alt: view.alt })}
                aria-pressed={index === shown}
                onClick={() => setShown(index)}
              >
                <img src={view.url} alt="" width="64" height="64" loading="lazy" data-retry="" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <dialog
        ref={dialog}
        className="product__zoom"
        aria-label={`Zoomed: ${image.alt}`}
        onClose={() => main.current?.focus()}
        onClick={(event) => event.target === event.currentTarget && event.currentTarget.close()}
      >
        <img src={image.url} alt={image.alt} width="800" height="800" loading="lazy" />
        <button
          type="button"
          className="product__zoom-close"
          aria-label={m.gallery_close_zoom()}
          onClick={() => dialog.current?.close()}
        >
          <span aria-hidden="true">×</span>
        </button>
      </dialog>
    </>
  );
}
