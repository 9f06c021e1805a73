import { deleteObjects } from '../../../activities/cleanup/object-store';
import { PermanentObjectError } from '../../../domain/storage/errors';
import { fakeS3 } from '../../helpers/fake-s3';

describe('deleteObjects, the one delete path of the cleanup jobs', () => {
  it('sends nothing at all when one key is under a permanent prefix', async () => {
    const { s3, batches } = fakeS3();
    await expect(deleteObjects(s3, 'b', ['exports/u/a.csv', 'pdfs/invoices/2026-1.pdf'])).rejects.toBeInstanceOf(
      PermanentObjectError,
    );
    expect(batches).toEqual([]);
  });

  it('deletes in batches of at most 1000 keys', async () => {
    const { s3, batches } = fakeS3();
    const keys = Array.from({ length: 2500 }, (_, i) => `temp/k${i}`);
    const outcome = await deleteObjects(s3, 'b', keys);
    expect(batches.map((b) => b.length)).toEqual([1000, 1000, 500]);
    expect(outcome.deleted).toHaveLength(2500);
  });

  it('reports the keys storage refused apart from those it deleted', async () => {
    const { s3 } = fakeS3({ refuse: ['temp/b'] });
    expect(await deleteObjects(s3, 'b', ['temp/a', 'temp/b'])).toEqual({
      deleted: ['temp/a'],
      failed: [{ key: 'temp/b', code: 'AccessDenied' }],
    });
  });
});
