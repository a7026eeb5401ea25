import type { InstallVideo } from '../../../shared/content/blog.ts';
import { currentLocale } from '../../../shared/i18n/current.ts';
import * as m from '../../../shared/i18n/generated/messages.js';

const VIDEO_WIDTH = 480;
const VIDEO_HEIGHT = 270;

/** "0:32" for 32 seconds. */
const duration = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * Installation videos, each a native player with captions. `preload="none"` and a poster keep the page's
 * first load free of video bytes: the file is fetched only when the shopper presses play.
 */
export function VideoList({ videos, heading }: { videos: readonly InstallVideo[]; heading: string }) {
  if (videos.length === 0) return null;
  // A French page shows the French captions where the video has them (its content put them in `captions`).
  const frenchCaptions = (video: InstallVideo) => currentLocale() === 'fr' && Boolean(video.captionsFr);
  return (
    <section className="install-videos" aria-labelledby="install-videos">
      <h2 id="install-videos">{heading}</h2>
      <ul className="install-videos__list">
        {videos.map((video) => (
          <li key={video.id} className="install-video" id={`video-${video.id}`}>
            <video
              controls
              preload="none"
              poster={video.poster}
              width={VIDEO_WIDTH}
              height={VIDEO_HEIGHT}
              playsInline
              aria-label={video.title}
            >
              <source src={video.src} type="video/mp4" />
              <track
                kind="captions"
                src={video.captions}
                srcLang={frenchCaptions(video) ? 'fr' : 'en'}
                label={frenchCaptions(video) ? 'Français' : 'English'}
                default
              />
            </video>
            <h3>{video.title}</h3>
            <p className="install-video__meta">{m.video_meta({ duration: duration(video.seconds) })}</p>
            {video.summary && <p>{video.summary}</p>}
            {video.parts.length > 0 && (
              <p className="install-video__parts">
                {m.video_parts()}{' '}
                {video.parts.map((part, i) => (
                  <span key={part.href}>
                    {i > 0 && ', '}
                    <a href={part.href}>{part.label}</a>
                  </span>
                ))}
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
