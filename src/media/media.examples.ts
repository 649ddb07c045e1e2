/**
 * The explorer's example picture: the id of assets/media/example.png (960×640, made by the
 * project), which is what an upload of that file answers.
 */
export const EXAMPLE_MEDIA_ID = '6a8470d99da6776fb1dda4b4';
