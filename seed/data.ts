// The demo seed of spec section 3: 7 members, 5 posts, 2 comments on each post, like counts of 0 or 10 with
// nobody in likedBy, nobody following anybody, no bookmarks. Ids are fixed so that running the seed again
// adds nothing.

import { demoCredentials, demoHandle, demoMemberId } from '../src/shared/demo.js';

export { demoCredentials, demoHandle };

export type SeedMember = {
  id: string;
  username: string;
  /** Private; only the demo member has one, the address its credentials sign in with. */
  email?: string;
  firstName: string;
  lastName: string;
  bio: string;
  link: string;
  picture: string;
};

export const seedMembers: SeedMember[] = [
  {
    id: demoMemberId,
    username: demoHandle,
    email: demoCredentials.username,
    firstName: 'Riya',
    lastName: 'Sharma',
    bio: 'Trying out Realm. Coffee, long walks and short posts.',
    link: 'https://realm.social',
    picture: 'demo',
  },
  {
    id: '8f5f3c2e-1d1a-4c55-9a43-0d6f1b7e2a02',
    username: 'janecooper',
    firstName: 'Jane',
    lastName: 'Cooper',
    bio: 'Product designer. I sketch before I speak.',
    link: '',
    picture: 'jane',
  },
  {
    id: '8f5f3c2e-1d1a-4c55-9a43-0d6f1b7e2a03',
    username: 'marcuslee',
    firstName: 'Marcus',
    lastName: 'Lee',
    bio: 'Backend engineer, weekend baker.',
    link: 'https://example.com/marcus',
    picture: 'marcus',
  },
  {
    id: '8f5f3c2e-1d1a-4c55-9a43-0d6f1b7e2a04',
    username: 'sofiaalvarez',
    firstName: 'Sofia',
    lastName: 'Alvarez',
    bio: 'Photographer chasing golden hour.',
    link: '',
    picture: 'sofia',
  },
  {
    id: '8f5f3c2e-1d1a-4c55-9a43-0d6f1b7e2a05',
    username: 'kenjiwatanabe',
    firstName: 'Kenji',
    lastName: 'Watanabe',
    bio: 'Reading about cities, trains and the people in them.',
    link: '',
    picture: 'kenji',
  },
  {
    id: '8f5f3c2e-1d1a-4c55-9a43-0d6f1b7e2a06',
    username: 'amaraokafor',
    firstName: 'Amara',
    lastName: 'Okafor',
    bio: 'Teacher. Plants. Too many podcasts.',
    link: '',
    picture: 'amara',
  },
  {
    id: '8f5f3c2e-1d1a-4c55-9a43-0d6f1b7e2a07',
    username: 'lukasnovak',
    firstName: 'Lukas',
    lastName: 'Novak',
    bio: 'Climbing, coding, and coffee in that order.',
    link: '',
    picture: 'lukas',
  },
];

type SeedComment = { id: string; author: number; text: string };
export type SeedPost = {
  id: string;
  author: number;
  content: string;
  likeCount: 0 | 10;
  hoursAgo: number;
  comments: SeedComment[];
};

const postId = (n: number) => `5e3d1b2a-7c4f-4e8a-b1d2-3c4d5e6f7a0${n}`;
const commentId = (n: number, m: number) => `c0ffee00-7c4f-4e8a-b1d2-3c4d5e6f7a${n}${m}`;

export const seedPosts: SeedPost[] = [
  {
    id: postId(1),
    author: 1,
    content: 'Spent the morning sketching onboarding flows. The best screens are the ones you never notice.',
    likeCount: 10,
    hoursAgo: 52,
    comments: [
      { id: commentId(1, 1), author: 2, text: 'So true. Invisible design is the hardest kind.' },
      { id: commentId(1, 2), author: 0, text: 'Would love to see the sketches!' },
    ],
  },
  {
    id: postId(2),
    author: 2,
    content: 'Sourdough attempt number four: finally an open crumb. Patience is an ingredient.',
    likeCount: 0,
    hoursAgo: 40,
    comments: [
      { id: commentId(2, 1), author: 3, text: 'That crumb looks perfect.' },
      { id: commentId(2, 2), author: 6, text: 'Recipe please!' },
    ],
  },
  {
    id: postId(3),
    author: 3,
    content: 'Golden hour by the river tonight. Some evenings the light does all the work.',
    likeCount: 10,
    hoursAgo: 27,
    comments: [
      { id: commentId(3, 1), author: 5, text: 'Beautiful. Where was this?' },
      { id: commentId(3, 2), author: 1, text: 'The colours are unreal.' },
    ],
  },
  {
    id: postId(4),
    author: 4,
    content: 'A city is a machine for meeting people you would never have met otherwise.',
    likeCount: 0,
    hoursAgo: 12,
    comments: [
      { id: commentId(4, 1), author: 0, text: 'Saving this one.' },
      { id: commentId(4, 2), author: 2, text: 'And trains are how the machine breathes.' },
    ],
  },
  {
    id: postId(5),
    author: 0,
    content: 'Hello Realm! Small network, short posts, kind people. Glad to be here.',
    likeCount: 10,
    hoursAgo: 3,
    comments: [
      { id: commentId(5, 1), author: 5, text: 'Welcome aboard!' },
      { id: commentId(5, 2), author: 4, text: 'Good to have you here.' },
    ],
  },
];
