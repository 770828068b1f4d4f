import { lazy } from 'react';

/** Sign in and sign up (docs/product.md#sign-in-and-sign-up). */
export const LoginPage = lazy(() => import(/* webpackChunkName: "route-login" */ './LoginPage'));
export const SignupPage = lazy(() => import(/* webpackChunkName: "route-signup" */ './SignupPage'));
