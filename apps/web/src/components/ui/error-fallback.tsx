import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CSS_CHUNK_LOAD_FAILED, isChunkLoadError } from '../../lib/chunk-load';
import { retryFailedScreens } from '../../lib/lazy-screen';
import type { ErrorFallbackProps } from './error-boundary';

/**
 * What a person sees when a screen fails: a plain-language title and two ways out. Retry renders
 * the screen again (a failed chunk import is attempted again); a chunk that keeps failing is often
 * a new release, which only a reload picks up.
 */
export function ErrorFallback({ error, reset }: ErrorFallbackProps) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const chunk = isChunkLoadError(error);
  const retry = () => {
    if (chunk) retryFailedScreens();
    reset();
  };
  const message = !chunk
    ? t('errorBoundary.message')
    : error.name === CSS_CHUNK_LOAD_FAILED
      ? t('errorBoundary.cssMessage')
      : t('errorBoundary.chunkMessage');

  return (
    <section className="error-fallback" aria-labelledby="error-fallback-title">
      <h1 id="error-fallback-title" ref={heading} tabIndex={-1}>
        {chunk ? t('errorBoundary.chunkTitle') : t('errorBoundary.title')}
      </h1>
      <p>{message}</p>
      <div className="button-row">
        <button type="button" className="button button--primary" onClick={retry}>
          {t('errorBoundary.retry')}
        </button>
        {chunk && (
          <button type="button" className="button" onClick={() => window.location.reload()}>
            {t('errorBoundary.reload')}
          </button>
        )}
      </div>
    </section>
  );
}
