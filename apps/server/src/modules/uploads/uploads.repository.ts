import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploads } from './uploads.schema';

export type UploadRow = typeof uploads.$inferSelect;

/** The uploads table: every SQL statement of the uploads area. */
export class UploadsRepository {
  constructor(private readonly db: Db) {}

  async insert(upload: typeof uploads.$inferInsert): Promise<UploadRow> {
    const [row] = await this.db.insert(uploads).values(upload).returning();
    if (!row) throw new Error('the upload row was not written');
    return row;
  }

  async findById(id: string): Promise<UploadRow | undefined> {
    const [row] = await this.db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
    return row;
  }
}
