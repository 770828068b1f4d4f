import { useBoothMode } from './useBoothMode';

export default function BoothGalleryPage() {
  const mode = useBoothMode();
  return <h2>{mode}</h2>;
}
