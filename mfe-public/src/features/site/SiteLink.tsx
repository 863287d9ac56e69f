// A link of the public site: the router's Link for paths of the portal, a plain anchor for external pages and
// in-page sections (the configurable product, services and digitalization links).
import type { ReactNode } from 'react';
import { Link } from '@portal/shared-ui/router';
import { isExternal } from '../../lib/config';

export interface SiteLinkProps {
  href: string;
  className?: string;
  children: ReactNode;
  onClick?: () => void;
  'data-testid'?: string;
}

export function SiteLink({ href, className, children, onClick, ...rest }: SiteLinkProps) {
  if (isExternal(href) || href.includes('#')) {
    return (
      <a
        href={href}
        className={className}
        onClick={onClick}
        {...(isExternal(href) ? { rel: 'noopener' } : {})}
        {...rest}
      >
        {children}
      </a>
    );
  }
  return (
    <Link to={href} className={className} onClick={onClick} {...rest}>
      {children}
    </Link>
  );
}
