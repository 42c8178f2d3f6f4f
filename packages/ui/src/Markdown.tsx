import type { MouseEvent, ReactNode } from 'react';
import ReactMarkdown, { type Components, type UrlTransform } from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import styles from './Markdown.module.css';

export type MarkdownProps = {
  /** An author's Markdown: raw HTML in it is skipped, and what remains passes a sanitiser. */
  markdown: string;
  /** Opens a link inside the app (one starting with `/`); without it such a link is an ordinary one. */
  onNavigate?: (path: string) => void;
  testId?: string;
};

/** Whether a link or picture address may stay: https anywhere, or a path of the app itself. */
export function isAllowedUrl(url: string): boolean {
  const trimmed = url.trim();
  if (trimmed.startsWith('/')) return !trimmed.startsWith('//');
  return /^https:\/\//i.test(trimmed);
}

/** Every other address (javascript:, data:, http:, protocol-relative) becomes nothing, so its link is dropped. */
const keepSafeUrls: UrlTransform = (url) => (isAllowedUrl(url) ? url.trim() : '');

function Link({
  href,
  children,
  onNavigate,
}: {
  href?: string;
  children?: ReactNode;
  onNavigate?: (path: string) => void;
}) {
  if (!href || !isAllowedUrl(href)) return <span>{children}</span>;
  if (href.startsWith('/')) {
    const open = (event: MouseEvent<HTMLAnchorElement>) => {
      if (!onNavigate || event.metaKey || event.ctrlKey || event.shiftKey) return;
      event.preventDefault();
      onNavigate(href);
    };
    return (
      <a href={href} onClick={open}>
        {children}
      </a>
    );
  }
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

/**
 * An article's Markdown as the app and the back office's preview show it: raw HTML skipped, sanitised, https
 * links opening outside the app, `/` links inside it, every other link reduced to its text.
 */
export function Markdown({ markdown, onNavigate, testId }: MarkdownProps) {
  const components: Components = {
    a: ({ href, children }) => (
      <Link href={href} onNavigate={onNavigate}>
        {children}
      </Link>
    ),
    // The pages allow the server's own pictures only (img-src 'self'): another address would show a broken
    // picture, so it shows its description instead.
    img: ({ src, alt }) =>
      typeof src === 'string' && src.startsWith('/') && !src.startsWith('//') ? (
        <img src={src} alt={alt ?? ''} loading="lazy" />
      ) : (
        <span>{alt}</span>
      ),
  };
  return (
    <div className={styles.markdown} data-testid={testId}>
      <ReactMarkdown
        skipHtml
        rehypePlugins={[rehypeSanitize]}
        urlTransform={keepSafeUrls}
        components={components}
      >
        {markdown}
      </ReactMarkdown>
    </div>
  );
}
