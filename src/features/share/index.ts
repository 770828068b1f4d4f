/** Sharing or downloading a media item, with its print widget beside: what a gallery offers per item. */
export { MediaActions } from './MediaActions';
