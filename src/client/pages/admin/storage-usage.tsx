import { useId } from 'react';
import { Link } from 'wouter';
import { bytesText } from '../../../shared/bytes-text';
import { LoadFailed } from '../../components/admin/load-failed';
import { profilePath } from '../../lib/paths';
import { trpc } from '../../lib/trpc';
import '../../admin-storage.css';

const count = (n: number, word: string) => `${n.toLocaleString('en')} ${word}${n === 1 ? '' : 's'}`;

/**
 * /admin/storage (admins): what members' pictures take, in all and by the ten heaviest members, as the
 * quotas count it; the same numbers as `realm admin media-usage`.
 */
export function StorageUsage() {
  const usage = trpc.admin.storage.useQuery({});
  const titleId = useId();
  const topId = useId();
  if (usage.isPending) return <p className="card empty">Loading the storage…</p>;
  if (usage.isError) {
    return <LoadFailed what="The storage" error={usage.error} onRetry={() => void usage.refetch()} />;
  }
  const { pictures, unattached, bytes, top } = usage.data;
  return (
    <section className="card admin-storage" aria-labelledby={titleId}>
      <h2 id={titleId}>Storage</h2>
      <dl className="admin-storage-totals">
        <div>
          <dt>Storage used</dt>
          <dd>{bytesText(bytes)}</dd>
        </div>
        <div>
          <dt>Pictures</dt>
          <dd>
            {count(pictures, 'picture')}
            {unattached > 0 && `, ${unattached.toLocaleString('en')} not on a post yet`}
          </dd>
        </div>
      </dl>
      <p className="hint">
        Each picture counts with its preview, as the members&apos; quotas count them. Uploads no post takes
        are deleted after a day.
      </p>
      {top.length > 0 && (
        <>
          <h3 id={topId}>Members whose pictures take the most</h3>
          <table className="admin-storage-top" aria-labelledby={topId}>
            <thead>
              <tr>
                <th scope="col">Member</th>
                <th scope="col">Pictures</th>
                <th scope="col">Storage</th>
              </tr>
            </thead>
            <tbody>
              {top.map((member) => (
                <tr key={member.username}>
                  <th scope="row">
                    <Link href={profilePath(member.username)}>{member.username}</Link>
                  </th>
                  <td>{member.pictures.toLocaleString('en')}</td>
                  <td>{bytesText(member.bytes)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
