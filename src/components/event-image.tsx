import { useState } from "react";
import "./components.css";

type EventImageProps = {
  src: string | null;
  alt: string;
  className?: string;
  /** The page's largest image above the fold: fetched first, not lazily (it is the LCP). */
  priority?: boolean;
};

/** An event's poster, or a drawn placeholder when there is none or it fails to load. */
export function EventImage({ src, alt, className = "", priority = false }: EventImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (src === null || src === "" || failedSrc === src) {
    return (
      <div className={`event-image event-image--placeholder ${className}`} role="img" aria-label={`${alt} (sem imagem)`}>
        <svg viewBox="0 0 48 48" aria-hidden="true" focusable="false">
          <rect x="6" y="10" width="36" height="28" rx="4" fill="none" stroke="currentColor" strokeWidth="3" />
          <circle cx="17" cy="20" r="4" fill="currentColor" />
          <path d="M9 35l10-10 7 7 5-5 8 8" fill="none" stroke="currentColor" strokeWidth="3" strokeLinejoin="round" />
        </svg>
        <span>Sem imagem</span>
      </div>
    );
  }
  return (
    <img
      className={`event-image ${className}`}
      src={src}
      alt={alt}
      // The card's 250×350 frame: the browser reserves the space before the file arrives.
      width={250}
      height={350}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : "auto"}
      decoding="async"
      onError={() => setFailedSrc(src)}
    />
  );
}
