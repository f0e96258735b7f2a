import { Link, useLocation } from 'wouter';
import { session, useMe } from '../lib/session';
import { Avatar } from './avatar';
import { Bell } from './bell';
import { Menu } from './menu';

const links = [
  { href: '/', label: 'NewsFeed' },
  { href: '/bookmark', label: 'Bookmark' },
  { href: '/explore', label: 'Explore' },
];

/** Spec section 2 "Navigation bar": shown only when signed in. */
export function Navbar() {
  const me = useMe();
  const [location, navigate] = useLocation();
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
        <Bell current={location === '/notifications'} />
        <Menu
          label="Account menu"
          items={[
            {
              label: 'Your Profile',
              onSelect: () => navigate(`/profile/${encodeURIComponent(me.username)}`),
            },
            {
              label: 'Log out',
              onSelect: () => {
                session.signOut();
                navigate('/auth', { replace: true });
              },
            },
          ]}
        >
          <Avatar person={me} size={32} />
        </Menu>
      </nav>
    </header>
  );
}
