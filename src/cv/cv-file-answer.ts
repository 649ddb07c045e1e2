import type { Readable } from 'node:stream';
import type { Request, Response } from 'express';
import { PRIVATE_REVALIDATED } from '@/common/http/cache-control';
import { WrittenAnswer } from '@/common/http/written-answer';
import type { CvFileInfo } from './cv-files.service';

/**
 * A CV download: the PDF as an attachment with its ETag, 304 when If-None-Match names it, and
 * no body for HEAD (whose `content` is left out). No shared cache keeps it: each download is counted.
 */
export class CvFileAnswer extends WrittenAnswer {
  constructor(
    private readonly file: CvFileInfo,
    private readonly content?: Buffer | Readable,
  ) {
    super();
  }

  writeTo(req: Request, res: Response): void {
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `attachment; filename="${this.file.filename}"`);
    res.setHeader('ETag', this.file.etag);
    res.setHeader('Cache-Control', PRIVATE_REVALIDATED);
    if (req.fresh) {
      res.statusCode = 304;
      res.end();
      return;
    }
    res.setHeader('Content-Length', this.file.size);
    if (this.content === undefined || Buffer.isBuffer(this.content)) {
      res.end(this.content);
      return;
    }
    this.content.on('error', () => res.destroy()).pipe(res);
  }
}
