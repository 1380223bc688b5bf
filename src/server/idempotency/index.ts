/** `Idempotency-Key` on the API's writes (issue 26): the middleware, its table and its daily purge. */
export { idempotency, IDEMPOTENCY_HEADER, REPLAYED_HEADER, INVALID_KEY_MESSAGE, KEY_REUSED_MESSAGE, KEY_RUNNING_MESSAGE } from './middleware';
export { IDEMPOTENCY_CORE_SQL, RETENTION_HOURS, purgeKeys } from './store';
