/** Who sent a request, as the identity service vouches for it. */
export interface Identity {
  uid: string;
  email: string;
  emailVerified: boolean;
}
