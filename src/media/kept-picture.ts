/** What serves a picture as it is served now, besides its original: what a backup keeps of it. */
export interface KeptPicture {
  id: string;
  width: number;
  height: number;
  fallback: 'jpg' | 'png';
  placeholder: string;
  alt: Record<string, string>;
  focalPoint: { x: number; y: number } | null;
  createdAt: string;
}
