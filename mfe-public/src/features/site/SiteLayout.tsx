// The frame of every public page: top bar, the page, footer, and the site's CSS (rendered with the markup, so
// the prerendered HTML is styled before any JavaScript runs).
import { useLayoutEffect, type ReactNode } from 'react';
import { releasePrerender } from '../../lib/prerender-handoff';
import { siteCss } from './styles';
import { SiteFooter } from './SiteFooter';
import { TopBar } from './TopBar';

export interface SiteLayoutProps {
  children: ReactNode;
  testId: string;
  className?: string;
}

export function SiteLayout({ children, testId, className }: SiteLayoutProps) {
  // The live page replaces the prerendered copy in the same frame (no flash, no double content).
  useLayoutEffect(() => releasePrerender(), []);
  return (
    <div className={['pub', className].filter(Boolean).join(' ')} data-testid={testId}>
      <style>{siteCss}</style>
      <TopBar />
      <div id="content" className="pub-content" tabIndex={-1}>
        {children}
      </div>
      <SiteFooter />
    </div>
  );
}
