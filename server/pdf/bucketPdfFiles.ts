import path from 'node:path';
import type { S3Bucket } from '../media/s3Bucket';
import type { PdfDownload, PdfFiles } from './pdfFiles';

/** Finished PDFs in the S3 bucket under `pdfs/`, so any machine can send what another made (docs/decisions/047). */
export class BucketPdfFiles implements PdfFiles {
  constructor(private readonly bucket: S3Bucket) {}

  keyOf(name: string): string {
    return `pdfs/${path.basename(name)}`;
  }

  save(name: string, bytes: Buffer): Promise<void> {
    return this.bucket.put(this.keyOf(name), bytes, 'application/pdf');
  }

  async exists(name: string): Promise<boolean> {
    return name ? this.bucket.exists(this.keyOf(name)) : false;
  }

  remove(name: string): Promise<void> {
    return this.bucket.remove(this.keyOf(name));
  }

  async download(name: string): Promise<PdfDownload | null> {
    if (!name) return null;
    const object = await this.bucket.get(this.keyOf(name));
    return object ? { stream: object.body, size: object.size } : null;
  }
}
