import { PDFParse } from 'pdf-parse';

/** The text a PDF carries, as a reader's copy-and-paste would get it (whitespace collapsed). */
export async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text.replace(/\s+/g, ' ');
  } finally {
    await parser.destroy();
  }
}
