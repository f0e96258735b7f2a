import { errorMessage } from '../../lib/error-text';
import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { useDocumentTitle } from '../../lib/use-document-title';
import { trpc } from '../../lib/trpc';
import type { Role } from '../../lib/admin-words';
import NotFoundPage from '../not-found-page';
import { AuditLog } from './audit-log';
import { Members } from './members';
import { Reports } from './reports';
import { StorageUsage } from './storage-usage';
import '../../admin.css';

// The settings form validates with the server's zod schemas: zod loads with it, not with every admin tab.
const InstanceSettings = lazy(() => import('./instance-settings'));

type Section = 'members' | 'reports' | 'log' | 'storage' | 'settings';

const tabs: { section: Section; href: string; label: string; adminsOnly?: boolean }[] = [
  { section: 'members', href: '/admin', label: 'Members' },
  { section: 'reports', href: '/admin/reports', label: 'Reports' },
  { section: 'log', href: '/admin/log', label: 'Log' },
  { section: 'storage', href: '/admin/storage', label: 'Storage', adminsOnly: true },
  { section: 'settings', href: '/admin/settings', label: 'Settings', adminsOnly: true },
];

const sectionOf = (param: string | undefined): Section | null =>
  param === undefined ? 'members' : (tabs.find((tab) => tab.href === `/admin/${param}`)?.section ?? null);

/** Someone without the role: said plainly, with the way out (the server refuses them anyway). */
function NotForYou({ admins }: { admins: boolean }) {
  return (
    <div className="card empty admin-refused">
      <h1>{admins ? 'Admins only' : 'Moderators and admins only'}</h1>
      <p>{admins ? 'This page is for admins.' : 'This page is for moderators and admins.'}</p>
      <Link href={admins ? '/admin' : '/'} className="button">
        {admins ? 'Back to Administration' : 'Go home'}
      </Link>
    </div>
  );
}

function Body({ section, role }: { section: Section; role: Role }) {
  if (section === 'members') return <Members viewer={role} />;
  if (section === 'reports') return <Reports viewer={role} />;
  if (section === 'log') return <AuditLog />;
  if (section === 'storage') return <StorageUsage />;
  return (
    <Suspense fallback={<p className="card empty">Loading the settings…</p>}>
      <InstanceSettings />
    </Suspense>
  );
}

/**
 * /admin, /admin/reports, /admin/log, /admin/storage and /admin/settings. Moderators and admins see them;
 * storage and settings are the admins' alone. The role comes from account.me, read on every request by the server.
 */
export default function AdminPage({ section: param }: { section?: string }) {
  const section = sectionOf(param);
  const account = trpc.account.me.useQuery(undefined, { enabled: section !== null });
  const label = tabs.find((tab) => tab.section === section)?.label ?? 'Administration';
  useDocumentTitle(`${label} · Administration`);

  if (section === null) return <NotFoundPage />;
  if (account.isPending) return <p className="page-loading">Loading…</p>;
  if (account.isError) {
    return (
      <div className="card empty">
        <h1>Administration</h1>
        <p>Your account could not be read: {errorMessage(account.error)}</p>
        <button type="button" className="button" onClick={() => account.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  const role = account.data.role;
  if (role === 'member') return <NotForYou admins={false} />;
  if ((section === 'settings' || section === 'storage') && role !== 'admin') return <NotForYou admins />;

  return (
    <div className="admin">
      <h1 className="page-title">Administration</h1>
      <nav aria-label="Administration" className="admin-tabs">
        <ul>
          {tabs
            .filter((tab) => !tab.adminsOnly || role === 'admin')
            .map((tab) => (
              <li key={tab.section}>
                <Link href={tab.href} aria-current={tab.section === section ? 'page' : undefined}>
                  {tab.label}
                </Link>
              </li>
            ))}
        </ul>
      </nav>
      <Body section={section} role={role} />
    </div>
  );
}
