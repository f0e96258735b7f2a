import { lazy, Suspense, type ComponentProps } from 'react';

const ReportDialog = lazy(() => import('./report-dialog'));

/** The report dialog, fetched the first time a member opens it; nothing shows while it loads. */
export function LazyReportDialog(props: ComponentProps<typeof ReportDialog>) {
  return (
    <Suspense fallback={null}>
      <ReportDialog {...props} />
    </Suspense>
  );
}
