import { lazy } from 'react';

/** Sign in and sign up (SPEC section 2, "Login", "Signup"). */
export const LoginPage = lazy(() => import(/* webpackChunkName: "route-login" */ './LoginPage'));
export const SignupPage = lazy(() => import(/* webpackChunkName: "route-signup" */ './SignupPage'));
