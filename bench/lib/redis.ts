// The cluster-mode runs' Redis keys, removed afterwards (the Redis may be shared: never FLUSHDB).
import { dropRedisKeys } from '@salesdesk/server/src/test/cluster';

/** Deletes every key that starts with `prefix`. */
export const deleteRedisKeys = (url: string, prefix: string) => dropRedisKeys(prefix, url);
