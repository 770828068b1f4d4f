import { mediaSourceFrom } from '../../contract/runtimeConfig';
import { apiBaseUrl } from './apiSlice';

/** Where a media URL of the contract is fetched from on this page (contract/runtimeConfig.ts). */
export function mediaSource(url: string): string {
  return mediaSourceFrom(url, apiBaseUrl());
}
