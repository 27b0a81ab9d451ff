import type { ImageUploadStore } from './ImageUploadStore';

export function TitleImagePanel(props: { store: ImageUploadStore; coverUrl: string; onChange(url: string): void }) {
  void props;
  return null;
}
