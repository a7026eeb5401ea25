import { useRef, useState } from 'react';
import * as m from '../../shared/i18n/generated/messages.js';

/** One video of the gallery, ready to show: its poster is already resolved by the server. */
export interface GalleryVideo {
  index: number;
  url: string;
  poster: string;
  label: string;
  title: string | null;
}

function VideoTile({ video }: { video: GalleryVideo }) {
  const element = useRef<HTMLVideoElement>(null);
  const [started, setStarted] = useState(false);
  return (
    <li>
      <div className="product__video">
        <video
          ref={element}
          src={video.url}
          poster={video.poster}
          preload="none"
          controls
          playsInline
          width="270"
          height="152"
          aria-label={video.label}
          title={video.label}
          data-video={video.index}
          onPlay={() => setStarted(true)}
        >
          <a href={video.url}>{`Watch: ${video.label}`}</a>
        </video>
        {/* A large play button on the poster: the browser's own one is small, and a click on the
            poster does not play everywhere. */}
        {!started && (
          <button
            type="button"
            className="product__video-play"
            aria-label={m.video_play({ label: video.label })}
            onClick={() => void element.current?.play().catch(() => undefined)}
          >
            <span aria-hidden="true">▶</span>
          </button>
        )}
      </div>
      {video.title && <p className="product__video-title">{video.title}</p>}
    </li>
  );
}

/**
 * The product's videos in the gallery: posters that play where they are when pressed. Nothing of
 * a video is fetched before that (preload none) and none plays by itself; the browser's controls
 * work before this island hydrates.
 */
export default function ProductVideos({ videos }: { videos: GalleryVideo[] }) {
  return (
    <ul className="product__videos" aria-label="Videos">
      {videos.map((video) => (
        <VideoTile key={video.index} video={video} />
      ))}
    </ul>
  );
}
