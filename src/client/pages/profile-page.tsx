import { useState } from 'react';
import { Link } from 'wouter';
import { Avatar } from '../components/avatar';
import { EditProfileModal } from '../components/edit-profile-modal';
import { FollowButton } from '../components/follow-button';
import { HiddenPosts } from '../components/hidden-posts';
import { MemberMenu } from '../components/member-menu';
import { PostList } from '../components/post-list';
import { RichText } from '../components/rich-text';
import { fullDate, monthOf } from '../lib/time';
import { errorMessage, trpc } from '../lib/trpc';
import { useIsVisitor } from '../lib/visitor';
import { VisitorProfileActions } from '../components/visitor-profile-actions';
import type { Profile } from '../lib/trpc-types';
import '../settings.css';
import { formatCount, wordFor } from '../lib/count-words';

/** Only http(s) links are ever rendered as links (docs/security.md, "What Realm protects"). */
function safeHref(link: string): string | null {
  try {
    const url = new URL(link);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function ProfileCard({ profile }: { profile: Profile }) {
  const [editing, setEditing] = useState(false);
  const visitor = useIsVisitor();
  const href = safeHref(profile.link);
  const fullName = `${profile.firstName} ${profile.lastName}`.trim();
  return (
    <section className="card profile" aria-label="Profile">
      <div className="banner">
        {profile.profileBanner && <img src={profile.profileBanner} alt="" width={1500} height={500} />}
      </div>
      <div className="profile-body">
        <div className="profile-top">
          <Avatar person={profile} size={88} />
          {visitor ? (
            <VisitorProfileActions username={profile.username} />
          ) : profile.isMe ? (
            <button type="button" className="button secondary" onClick={() => setEditing(true)}>
              Edit Profile
            </button>
          ) : (
            <span className="profile-actions">
              {!profile.blockedByMe && (
                <FollowButton
                  userId={profile.id}
                  username={profile.username}
                  following={profile.followedByMe}
                />
              )}
              <MemberMenu profile={profile} />
            </span>
          )}
        </div>
        <h1 className="profile-name" dir="auto">
          {fullName || profile.username}
        </h1>
        <p className="username" dir="auto">
          @{profile.username}
        </p>
        {profile.bio && (
          <p className="bio" dir="auto">
            <RichText text={profile.bio} mentions={profile.bioMentions} />
          </p>
        )}
        {href && (
          <a
            className="profile-link"
            href={href}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            dir="auto"
          >
            {profile.link}
          </a>
        )}
        <p className="muted profile-joined">
          <time dateTime={profile.createdAt} title={fullDate(profile.createdAt)}>
            Joined {monthOf(profile.createdAt)}
          </time>
        </p>
        <dl className="counts">
          <div>
            <dt>{wordFor(profile.postCount, 'Post', 'Posts')}</dt>
            <dd>{formatCount(profile.postCount)}</dd>
          </div>
          <div>
            <dt>{wordFor(profile.followerCount, 'Follower', 'Followers')}</dt>
            <dd>{formatCount(profile.followerCount)}</dd>
          </div>
          <div>
            <dt>Following</dt>
            <dd>{formatCount(profile.followingCount)}</dd>
          </div>
        </dl>
      </div>
      {editing && <EditProfileModal profile={profile} onClose={() => setEditing(false)} />}
    </section>
  );
}

/** Spec section 2 "Profile": the card, then the member's posts, newest first. */
export default function ProfilePage({ username }: { username: string }) {
  const profile = trpc.users.byUsername.useQuery({ username });
  // Posts of a member I muted or blocked are hidden from me: the profile says so rather than asking.
  const hidden = profile.data ? profile.data.mutedByMe || profile.data.blockedByMe : false;
  const posts = trpc.posts.byUser.useInfiniteQuery(
    { username },
    { getNextPageParam: (page) => page.nextCursor, enabled: profile.isSuccess && !hidden },
  );
  if (profile.isPending) {
    return <div className="column card profile skeleton" aria-busy="true" aria-label="Loading profile" />;
  }
  if (profile.isError) {
    const missing = profile.error.data?.code === 'NOT_FOUND';
    return (
      <div className="column card empty">
        <h1>{missing ? 'No such member' : 'This profile could not be loaded'}</h1>
        <p>{missing ? `There is no member called @${username} here.` : errorMessage(profile.error)}</p>
        <Link href="/explore" className="button">
          Explore posts
        </Link>
      </div>
    );
  }
  return (
    <div className="column">
      <ProfileCard profile={profile.data} />
      {hidden ? (
        <HiddenPosts profile={profile.data} />
      ) : (
        <PostList
          query={posts}
          label={`Posts by ${profile.data.username}`}
          empty={<p className="card empty">@{profile.data.username} has not posted yet.</p>}
        />
      )}
    </div>
  );
}
