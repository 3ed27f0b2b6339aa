/**
 * The story time of the frame being run, seconds since the story started, paused time excluded.
 * {@link useRafLoop} sets it right before it calls a story's frame callback, so a {@link RingBuffer}
 * sample pushed from that callback is stamped with it and every plot's x axis reads in seconds.
 * One module value serves several stories on a docs page: each loop sets it before its own callback.
 */
export const storyClock = { seconds: 0 };
