/** PRODUCT.md: nested users carry at least _id, username, firstName, lastName, profilePic; never a hash. */
export type PublicUser = {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  profilePic: string;
};
