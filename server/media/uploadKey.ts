/** An upload's name: random hex, '_hd' and an image extension (docs/specification/content-and-commerce.md §5); nothing else, no folders. */
export const UPLOAD_KEY = /^[0-9a-f]{8,64}_hd\.(?:jpg|jpeg|png|gif|webp)$/;
