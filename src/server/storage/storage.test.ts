import { describe, expect, it } from 'vitest';
import { s3OptionsFromEnv } from './storage';

describe('S3 settings from the environment', () => {
  it('AWS by default: no endpoint, virtual-host buckets, region from S3_REGION, AWS_REGION or us-east-1', () => {
    expect(s3OptionsFromEnv({})).toEqual({ endpoint: undefined, forcePathStyle: false, region: 'us-east-1' });
    expect(s3OptionsFromEnv({ AWS_REGION: 'sa-east-1' }).region).toBe('sa-east-1');
    expect(s3OptionsFromEnv({ AWS_REGION: 'sa-east-1', S3_REGION: 'us-west-2' }).region).toBe('us-west-2');
  });

  it('an S3-compatible endpoint puts the bucket in the path unless S3_FORCE_PATH_STYLE says otherwise', () => {
    expect(s3OptionsFromEnv({ S3_ENDPOINT: 'http://minio:9000' })).toEqual({ endpoint: 'http://minio:9000', forcePathStyle: true, region: 'us-east-1' });
    expect(s3OptionsFromEnv({ S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: '0' }).forcePathStyle).toBe(false);
    expect(s3OptionsFromEnv({ S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: 'false' }).forcePathStyle).toBe(false);
    expect(s3OptionsFromEnv({ S3_FORCE_PATH_STYLE: '1' }).forcePathStyle).toBe(true);
  });
});
