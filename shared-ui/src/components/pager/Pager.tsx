import { useTranslation } from 'react-i18next';
import { Button } from '../button/Button';

export type PagerProps = {
  /** 1-based. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  className?: string;
};

/**
 * 'Page X of Y' with Previous/Next. Per spec, Previous is not rendered on the first page and Next is
 * not rendered on the last one (they are absent, not disabled).
 */
export function Pager({ page, pageCount, onPageChange, className }: PagerProps) {
  const { t } = useTranslation('common');
  const pages = Math.max(1, pageCount);
  return (
    <nav className={['pui-pager', className].filter(Boolean).join(' ')} aria-label={t('pager.label')}>
      {page > 1 && (
        <Button variant="secondary" size="sm" onClick={() => onPageChange(page - 1)}>
          <span aria-hidden="true">‹</span>
          {t('actions.previous')}
        </Button>
      )}
      <span className="pui-pager__status" aria-live="polite">
        {t('pager.pageOf', { page, pages })}
      </span>
      {page < pageCount && (
        <Button variant="secondary" size="sm" onClick={() => onPageChange(page + 1)}>
          {t('actions.next')}
          <span aria-hidden="true">›</span>
        </Button>
      )}
    </nav>
  );
}
