import { describe, expect, it } from 'vitest';
import { QUOTA_MESSAGE, storageError } from './device-db';

describe('errors of the device store', () => {
  it('a full storage is said in Portuguese, with what to do', () => {
    const full = Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' });
    expect(storageError(full).message).toBe(QUOTA_MESSAGE);
    expect(QUOTA_MESSAGE).toMatch(/armazenamento do aparelho está cheio/);
  });

  it('other errors pass unchanged', () => {
    const other = new Error('boom');
    expect(storageError(other)).toBe(other);
    expect(storageError('texto').message).toBe('texto');
  });
});
