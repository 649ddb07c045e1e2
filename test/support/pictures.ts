import sharp from 'sharp';

/** A photo as a camera writes it: landscape pixels with an orientation that turns them upright, and the camera's EXIF. */
export const cameraPhoto = (): Promise<Buffer> =>
  sharp({ create: { width: 1000, height: 600, channels: 3, background: '#3366cc' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'Canon', Model: 'EOS R5', Copyright: 'Mara Jansen' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
