import { Link, useLocation } from 'wouter';
import { useMe, type SessionUser } from '../lib/session';
import { isStaff, useAccount } from '../lib/use-account';
import { useSignOut } from '../lib/use-sign-out';
import { Avatar } from './avatar';
import { Bell } from './bell';
import { Menu } from './menu';
import { NavSearch } from './nav-search';
import { profilePath } from '../lib/paths';

const links = [
  { href: '/', label: 'NewsFeed' },
  { href: '/bookmark', label: 'Bookmark' },
  { href: '/explore', label: 'Explore' },
];

/**
 * The account menu's face. Without a picture, the initials are drawn by CSS (notifications.css): as text
 * they would give the button, named "Account menu", a second name that axe rightly calls a mismatch.
 */
function AccountPicture({ me }: { me: SessionUser }) {
  if (me.profilePic) return <Avatar person={me} size={32} />;
  const initials = `${me.firstName.trim()[0] ?? ''}${me.lastName.trim()[0] ?? ''}` || me.username.slice(0, 2);
  return (
    <span
      className="avatar avatar-initials drawn-initials"
      style={{ width: 32, height: 32, fontSize: 13 }}
      data-initials={initials.toUpperCase()}
      aria-hidden="true"
    />
  );
}

/**
 * Spec section 2 "Navigation bar": shown only when signed in. The account menu leads to Settings
 * and About, and to Admin for moderators and admins only.
 */
export function Navbar() {
  const me = useMe();
  const [location, navigate] = useLocation();
  const signOut = useSignOut();
  const staff = isStaff(useAccount().data?.role);
  return (
    <header className="navbar">
      <nav aria-label="Main" className="navbar-inner">
        <Link href="/" className="brand">
          Realm
        </Link>
        <ul className="nav-links">
          {links.map((link) => (
            <li key={link.href}>
              <Link href={link.href} aria-current={location === link.href ? 'page' : undefined}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
        <NavSearch />
        <Bell current={location === '/notifications'} />
        <Menu
          label="Account menu"
          items={[
            {
              label: 'Your Profile',
              onSelect: () => navigate(profilePath(me.username)),
            },
            { label: 'Settings', onSelect: () => navigate('/settings') },
            ...(staff ? [{ label: 'Admin', onSelect: () => navigate('/admin') }] : []),
            { label: 'About this instance', onSelect: () => navigate('/about') },
            { label: 'Log out', onSelect: signOut },
          ]}
        >
          <AccountPicture me={me} />
        </Menu>
      </nav>
    </header>
  );
}
